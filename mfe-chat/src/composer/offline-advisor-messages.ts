import { defineMessages } from '@kasa/ui';

/** Texts of the notice above the chat input when no AI model is connected (docs/product.md#chat-without-an-ai-model). */
export const offlineAdvisorMessages = defineMessages({
  en: {
    notice: '{appName} is answering from its own pages, not an AI model',
    dismiss: 'Dismiss',
    details: 'Details',
    connectModel:
      'To connect an AI model, set these on the server, then restart {appName} (the API key only if the server needs one). ' +
      "The README's “AI providers” section has one line for each server.",
  },
  fr: {
    notice: "{appName} répond à partir de ses propres pages, pas d'un modèle d'IA",
    dismiss: 'Fermer',
    details: 'Détails',
    connectModel:
      "Pour connecter un modèle d'IA, définissez ces réglages sur le serveur, puis redémarrez {appName} " +
      '(la clé d’API seulement si le serveur en demande une). La section « AI providers » du README ' +
      'donne une ligne pour chaque serveur.',
  },
});
