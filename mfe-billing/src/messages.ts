import { defineMessages } from '@kasa/ui';

/** Texts of the subscription and payments area in English (the spec's texts) and French. */
export const messages = defineMessages({
  en: {
    title: 'Plans and usage',
    subtitle: 'Your subscription and monthly usage.',
    paymentsSubtitle: 'Payments',
    planTitle: 'Your plan',
    planText: "Your current plan and this month's usage will show here. Not connected yet.",
    paymentsTitle: 'Payments',
    paymentsText: 'Pay by card or by mobile money (MTN, Orange). Not connected yet.',
  },
  fr: {
    title: 'Forfaits et utilisation',
    subtitle: 'Votre abonnement et votre utilisation du mois.',
    paymentsSubtitle: 'Paiements',
    planTitle: 'Votre forfait',
    planText:
      "Votre forfait actuel et votre utilisation de ce mois s'afficheront ici. Pas encore disponible.",
    paymentsTitle: 'Paiements',
    paymentsText: 'Payez par carte ou par mobile money (MTN, Orange). Pas encore disponible.',
  },
});
