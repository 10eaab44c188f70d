import { defineMessages } from '@kasa/ui';

/** Texts of the chat area in English (the spec's texts) and French. */
export const messages = defineMessages({
  en: {
    title: 'Chat',
    welcomeTitle: "Hello, I'm {assistantName}, your AI assistant",
    welcomeText:
      'I help farmers and everyone else with crops, livestock, weather, markets and everyday questions, in your language.',
    emptyTitle: 'No conversations yet',
    emptyText: 'Your saved conversations will be listed here. Sending messages is not connected yet.',
  },
  fr: {
    title: 'Discussion',
    welcomeTitle: 'Bonjour, je suis {assistantName}, votre assistant IA',
    welcomeText:
      "J'aide les agriculteurs et tout le monde pour les cultures, l'élevage, la météo, les marchés et les questions de tous les jours, dans votre langue.",
    emptyTitle: 'Aucune conversation pour le moment',
    emptyText:
      "Vos conversations enregistrées apparaîtront ici. L'envoi de messages n'est pas encore disponible.",
  },
});
