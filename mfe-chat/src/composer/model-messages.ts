import { defineMessages } from '@kasa/ui';

/** Texts of the composer's model picker (loaded with the chat screen: keep it short). */
export const modelMessages = defineMessages({
  en: {
    modelButton: 'Model: {name}. Change the model',
    modelMenu: 'Chat models',
    proBadge: 'Pro',
    proHint: 'With Pro. See the payment options',
  },
  fr: {
    modelButton: 'Modèle : {name}. Changer de modèle',
    modelMenu: 'Modèles de discussion',
    proBadge: 'Pro',
    proHint: 'Avec Pro. Voir les options de paiement',
  },
});
