import { defineMessages } from '@kasa/ui';

/** The composer's voice buttons (loaded with the chat screen: kept short). */
export const micMessages = defineMessages({
  en: {
    recordVoice: 'Record a voice message',
    stopAndSend: 'Stop and send the voice message',
    voiceMode: 'Voice mode',
    sttUnavailable: 'Voice messages are not available here: speech recognition is not set up on this server.',
    languageUnsupportedOne:
      'The speech recognizer here understands {languages} only. Choose {languages} under “I speak”, or type your message.',
    languageUnsupportedMany:
      'The speech recognizer here understands {languages} only. Choose one of them under “I speak”, or type your message.',
  },
  fr: {
    recordVoice: 'Enregistrer un message vocal',
    stopAndSend: 'Arrêter et envoyer le message vocal',
    voiceMode: 'Mode vocal',
    sttUnavailable:
      'Les messages vocaux ne sont pas disponibles ici : la reconnaissance vocale n’est pas configurée sur ce serveur.',
    languageUnsupportedOne:
      'Ici, la reconnaissance vocale ne comprend qu’une langue : {languages}. Choisissez {languages} sous « Je parle », ou écrivez votre message.',
    languageUnsupportedMany:
      'Ici, la reconnaissance vocale ne comprend que ces langues : {languages}. Choisissez-en une sous « Je parle », ou écrivez votre message.',
  },
});
