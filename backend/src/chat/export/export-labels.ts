/** The words of the Markdown export, in the languages the app speaks (en, fr). */
export interface ExportLabels {
  you: string;
  exportedFrom: (appName: string, when: string) => string;
  attachments: string;
  image: string;
  recording: string;
  transcription: string;
  stopped: string;
  failed: string;
  writing: string;
}

export const EXPORT_LANGUAGES = ['en', 'fr'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

export const EXPORT_LABELS: Record<ExportLanguage, ExportLabels> = {
  en: {
    you: 'You',
    exportedFrom: (appName, when) => `Exported from ${appName} on ${when}.`,
    attachments: 'Attachments',
    image: 'Image',
    recording: 'Voice recording',
    transcription: 'Transcription',
    stopped: 'Stopped',
    failed: 'This reply failed.',
    writing: 'Still being written',
  },
  fr: {
    you: 'Vous',
    exportedFrom: (appName, when) => `Exporté depuis ${appName} le ${when}.`,
    attachments: 'Pièces jointes',
    image: 'Image',
    recording: 'Enregistrement vocal',
    transcription: 'Transcription',
    stopped: 'Arrêtée',
    failed: "Cette réponse n'a pas abouti.",
    writing: 'En cours de rédaction',
  },
};
