import { defineMessages } from '@kasa/ui';

/** Preferences → Voice: "I speak" and "Confirm what I said" (docs/product.md#voice). */
export const voicePreferencesMessages = defineMessages({
  en: {
    voiceTitle: 'Voice',
    speechLanguage: 'I speak',
    speechLanguageAuto: 'Auto (detect my language)',
    speechLanguageExplain: 'The language of your voice messages, so they are understood correctly.',
    confirmTranscript: 'Confirm what I said',
    confirmTranscriptExplain: 'Show what was heard, to correct it, before a voice message is sent.',
  },
  fr: {
    voiceTitle: 'Voix',
    speechLanguage: 'Je parle',
    speechLanguageAuto: 'Auto (détecter ma langue)',
    speechLanguageExplain: 'La langue de vos messages vocaux, pour qu’ils soient bien compris.',
    confirmTranscript: 'Confirmer ce que j’ai dit',
    confirmTranscriptExplain:
      'Afficher ce qui a été entendu, pour le corriger, avant d’envoyer un message vocal.',
  },
});
