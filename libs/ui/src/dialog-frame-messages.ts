import { defineMessages } from './i18n';

/** The texts of DialogFrame (loaded with the first dialog). */
export const dialogFrameMessages = defineMessages({
  en: { close: 'Close' },
  fr: { close: 'Fermer' },
});
