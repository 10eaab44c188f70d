import { defineMessages } from '@kasa/ui';

/** The usage-limit toast (docs/product.md#usage-limit). English = the product's wording exactly. */
export const usageLimitMessages = defineMessages({
  en: {
    title: '{feature} Limit Reached',
    used: "You've used {current} of {limit} {featureLower} for this month.",
    upgrade: 'Upgrade to Pro Plan for more usage limits.',
    resetsNextMonth: 'Your limits will reset next month.',
    manage: 'Click the button below to manage your subscription.',
    manageButton: 'Manage Subscription',
    messagesPerMonth: 'Messages',
    mediaGenerationsPerMonth: 'Media Generation',
    voiceMinutesPerMonth: 'Voice Minutes',
    audioUploadsPerMonth: 'Audio Uploads',
    webSearchesPerMonth: 'Web Searches',
  },
  fr: {
    title: 'Limite atteinte : {feature}',
    used: 'Vous avez utilisé {current} sur {limit} {featureLower} ce mois-ci.',
    upgrade: 'Passez au forfait Pro pour des limites plus élevées.',
    resetsNextMonth: 'Vos limites seront réinitialisées le mois prochain.',
    manage: 'Cliquez sur le bouton ci-dessous pour gérer votre abonnement.',
    manageButton: "Gérer l'abonnement",
    messagesPerMonth: 'Messages',
    mediaGenerationsPerMonth: 'Génération de médias',
    voiceMinutesPerMonth: 'Minutes vocales',
    audioUploadsPerMonth: 'Imports audio',
    webSearchesPerMonth: 'Recherches web',
  },
});
