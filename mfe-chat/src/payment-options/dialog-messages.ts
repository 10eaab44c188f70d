import { defineMessages } from '@kasa/ui';

/** Texts of the Payment Options dialog (loaded with it). The pay texts match the subscription page's buttons. */
export const paymentDialogMessages = defineMessages({
  en: {
    title: 'Payment Options',
    price: 'Upgrade to Pro for {usd}/month by card or {xaf}/month by mobile money.',
    proGives: 'With Pro: {messages}, {media} and {voice} a month, plus priority support.',
    messages: '{count} messages',
    unlimitedMessages: 'unlimited messages',
    media: '{count} media generations',
    unlimitedMedia: 'unlimited media generations',
    voice: '{count} voice minutes',
    unlimitedVoice: 'unlimited voice minutes',
    payCard: 'Pay {price} with Credit Card',
    cardHint: 'Monthly subscription, cancel any time.',
    payMobileMoney: 'Pay {price} via Mobile Money',
    mobileMoneyHint: 'MTN or Orange: 30 days of Pro.',
    cancel: 'Cancel',
  },
  fr: {
    title: 'Options de paiement',
    price: 'Passez à Pro pour {usd}/mois par carte ou {xaf}/mois par mobile money.',
    proGives: 'Avec Pro : {messages}, {media} et {voice} par mois, et une assistance prioritaire.',
    messages: '{count} messages',
    unlimitedMessages: 'messages illimités',
    media: '{count} générations de médias',
    unlimitedMedia: 'générations de médias illimitées',
    voice: '{count} minutes vocales',
    unlimitedVoice: 'minutes vocales illimitées',
    payCard: 'Payer {price} par carte bancaire',
    cardHint: 'Abonnement mensuel, résiliable à tout moment.',
    payMobileMoney: 'Payer {price} par Mobile Money',
    mobileMoneyHint: 'MTN ou Orange : 30 jours de Pro.',
    cancel: 'Annuler',
  },
});
