import { defineMessages } from '@kasa/ui';

/** The public landing page (docs/product.md#landing-and-sign-in). */
export const landingMessages = defineMessages({
  en: {
    greeting: "Hello, I'm {assistantName}",
    tagline: 'Your AI assistant for farming, business, study and everyday questions, in your language.',
    featuresHeading: 'What {appName} does',
    conversationsTitle: 'AI Conversations',
    conversationsText:
      'Chat powered by a large language model. Your conversations are saved so you can come back to them.',
    universalTitle: 'Universal Assistant',
    universalText: 'Works across all industries: crops and livestock, trade, writing, research and learning.',
    paymentsTitle: 'Global Payments',
    paymentsText: 'Pay your way: mobile money (MTN, Orange) or international cards.',
    specialized: 'Specialized AI for African Agriculture',
  },
  fr: {
    greeting: 'Bonjour, je suis {assistantName}',
    tagline:
      "Votre assistant IA pour l'agriculture, le commerce, les études et les questions de tous les jours, dans votre langue.",
    featuresHeading: 'Ce que fait {appName}',
    conversationsTitle: 'Conversations IA',
    conversationsText:
      'Une discussion propulsée par un grand modèle de langage. Vos conversations sont enregistrées pour y revenir.',
    universalTitle: 'Assistant universel',
    universalText:
      'Utile dans tous les secteurs : cultures et élevage, commerce, rédaction, recherche et apprentissage.',
    paymentsTitle: 'Paiements mondiaux',
    paymentsText: 'Payez comme vous voulez : mobile money (MTN, Orange) ou carte internationale.',
    specialized: "IA spécialisée pour l'agriculture africaine",
  },
});
