import { defineMessages } from '@kasa/ui';

/** The reply renderer's own texts (code block header and its copy button). */
export const markdownMessages = defineMessages({
  en: {
    code: 'Code',
    copy: 'Copy',
    copyCode: 'Copy code',
    copied: 'Copied',
    copyFailed: 'Copy failed',
  },
  fr: {
    code: 'Code',
    copy: 'Copier',
    copyCode: 'Copier le code',
    copied: 'Copié',
    copyFailed: 'Échec de la copie',
  },
});
