import { defineMessages } from '@kasa/ui';

/** Texts of the usage warning above the chat input (loaded with the chat screen: keep it short). */
export const warningMessages = defineMessages({
  en: {
    usedPercent: 'You have used {percent} % of your {feature} this month.',
    paymentOptions: 'Payment Options',
    messagesPerMonth: 'messages',
    mediaGenerationsPerMonth: 'media generations',
    voiceMinutesPerMonth: 'voice minutes',
    audioUploadsPerMonth: 'audio uploads',
    webSearchesPerMonth: 'web searches',
  },
  fr: {
    usedPercent: 'Vous avez utilisé {percent} % de vos {feature} ce mois-ci.',
    paymentOptions: 'Options de paiement',
    messagesPerMonth: 'messages',
    mediaGenerationsPerMonth: 'générations de médias',
    voiceMinutesPerMonth: 'minutes vocales',
    audioUploadsPerMonth: 'envois audio',
    webSearchesPerMonth: 'recherches web',
  },
});
