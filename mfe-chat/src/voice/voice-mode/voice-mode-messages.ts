import { defineMessages } from '@kasa/ui';

/** Voice mode's texts (loaded with it, on the first tap of "Voice mode"). */
export const voiceModeMessages = defineMessages({
  en: {
    title: 'Voice mode',
    listening: 'Listening…',
    thinking: 'Thinking…',
    speaking: 'Speaking…',
    paused: 'Paused',
    listeningHint: 'Speak now. When you stop, your question is sent.',
    thinkingHint: 'Your question was sent.',
    speakingHint: 'Speak or tap the circle to interrupt.',
    sendNow: 'Send now',
    interrupt: 'Interrupt and speak',
    tryAgain: 'Try again',
    end: 'End',
    youSaid: 'You said',
    answer: 'Answer',
    speakingLanguage: 'I speak: {language}',
    autoLanguage: 'Auto',
    needsConnection:
      'Voice mode needs an internet connection. It will listen again when you are back online.',
    codeOnScreen: '(code on screen)',
    microphoneDenied:
      'The microphone is blocked. Allow it for this site in your browser settings, then tap Try again.',
    microphoneMissing: 'No microphone was found on this device.',
    microphoneUnsupported: 'This browser cannot record audio. Type your message instead.',
    microphoneFailed: 'The microphone could not be used. Close other apps that use it, then tap Try again.',
    speechFailed: 'The answer could not be spoken. You can read it above.',
    playbackFailed: 'The answer could not be played. You can read it above.',
    replyFailed: 'The answer could not be completed.',
    notSent: 'Your question could not be sent. Please try again.',
  },
  fr: {
    title: 'Mode vocal',
    listening: 'J’écoute…',
    thinking: 'Je réfléchis…',
    speaking: 'Je parle…',
    paused: 'En pause',
    listeningHint: 'Parlez maintenant. Quand vous vous arrêtez, votre question est envoyée.',
    thinkingHint: 'Votre question a été envoyée.',
    speakingHint: 'Parlez ou touchez le cercle pour interrompre.',
    sendNow: 'Envoyer maintenant',
    interrupt: 'Interrompre et parler',
    tryAgain: 'Réessayer',
    end: 'Terminer',
    youSaid: 'Vous avez dit',
    answer: 'Réponse',
    speakingLanguage: 'Je parle : {language}',
    autoLanguage: 'Auto',
    needsConnection:
      'Le mode vocal a besoin d’une connexion internet. Il écoutera de nouveau dès que vous serez en ligne.',
    codeOnScreen: '(code à l’écran)',
    microphoneDenied:
      'Le micro est bloqué. Autorisez-le pour ce site dans les réglages du navigateur, puis touchez Réessayer.',
    microphoneMissing: 'Aucun micro n’a été trouvé sur cet appareil.',
    microphoneUnsupported: 'Ce navigateur ne peut pas enregistrer le son. Écrivez plutôt votre message.',
    microphoneFailed:
      'Le micro n’a pas pu être utilisé. Fermez les autres applications qui s’en servent, puis touchez Réessayer.',
    speechFailed: 'La réponse n’a pas pu être lue à voix haute. Vous pouvez la lire ci-dessus.',
    playbackFailed: 'La réponse n’a pas pu être jouée. Vous pouvez la lire ci-dessus.',
    replyFailed: 'La réponse n’a pas pu être terminée.',
    notSent: 'Votre question n’a pas pu être envoyée. Veuillez réessayer.',
  },
});

export type VoiceModeText = keyof (typeof voiceModeMessages)['en'];
