import { defineMessages } from '@kasa/ui';

/** Texts of a spoken user message (docs/product.md#voice): its recording, text and language. */
export const spokenMessageMessages = defineMessages({
  en: {
    voiceMessage: 'Voice message',
    transcribing: 'Transcribing…',
    recording: 'Your recording',
    languageHeard: 'Heard in {language}. Transcribe again in another language',
    languageHeardNoAction: 'Heard in {language}',
    transcribeAgainIn: 'Transcribe again in…',
    /** The toast title of a spoken message the server refused (ChatSender onNotStarted 'voice'). */
    voiceNotSent: 'Voice message not sent',
  },
  fr: {
    voiceMessage: 'Message vocal',
    transcribing: 'Transcription en cours…',
    recording: 'Votre enregistrement',
    languageHeard: 'Entendu en {language}. Transcrire à nouveau dans une autre langue',
    languageHeardNoAction: 'Entendu en {language}',
    transcribeAgainIn: 'Transcrire à nouveau en…',
    voiceNotSent: 'Message vocal non envoyé',
  },
});
