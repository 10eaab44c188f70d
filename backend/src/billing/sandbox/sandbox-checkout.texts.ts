import { formatUsd, formatXaf, PRO_PASS_DAYS } from '../pricing';

/** The languages the sandbox checkout page speaks (the app's own: docs/product.md). */
export const SANDBOX_PAGE_LANGUAGES = ['en', 'fr'] as const;
export type SandboxPageLanguage = (typeof SANDBOX_PAGE_LANGUAGES)[number];

export function isSandboxPageLanguage(value: unknown): value is SandboxPageLanguage {
  return (SANDBOX_PAGE_LANGUAGES as readonly unknown[]).includes(value);
}

/** Every word of the sandbox checkout page, in one language. */
export interface SandboxPageTexts {
  title: string;
  banner: string;
  /** 'Pay $4 with Credit Card'. */
  payByCard: (price: number) => string;
  cardPrice: (price: number) => string;
  cardExplanation: string;
  payByMobileMoney: (priceXaf: number) => string;
  mobileMoneyPrice: (priceXaf: number) => string;
  mobileMoneyExplanation: string;
  approve: string;
  decline: string;
  approved: string;
  declined: string;
  back: string;
  notFoundTitle: string;
  notFoundText: string;
}

// French prices as the app writes them (libs/ui money.ts): '2 500 ₣', '4,50 $'.
const frenchNumber = (amount: number) =>
  amount.toLocaleString('fr-FR', {
    maximumFractionDigits: 2,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  });
const frenchXaf = (amount: number) => `${frenchNumber(amount)} ₣`;
const frenchUsd = (amount: number) => `${frenchNumber(amount)} $`;

export const SANDBOX_PAGE_TEXTS: Record<SandboxPageLanguage, SandboxPageTexts> = {
  en: {
    title: 'Sandbox checkout',
    banner: 'Sandbox checkout: no money moves.',
    payByCard: (price) => `Pay ${formatUsd(price)} with Credit Card`,
    cardPrice: (price) => `${formatUsd(price)} / month`,
    cardExplanation: `This page stands in for the card form. Approve to pay as if the card were accepted (Pro for ${PRO_PASS_DAYS} days, renewing, cancellable); Decline to see a declined card.`,
    payByMobileMoney: (priceXaf) => `Pay ${formatXaf(priceXaf)} via Mobile Money`,
    mobileMoneyPrice: (priceXaf) => `${formatXaf(priceXaf)} · ${PRO_PASS_DAYS} days`,
    mobileMoneyExplanation:
      'This page stands in for the payment prompt on your phone. Approve as you would with your PIN; Decline to refuse the payment.',
    approve: 'Approve payment',
    decline: 'Decline payment',
    approved: 'This payment was approved.',
    declined: 'This payment was declined.',
    back: 'Back to your subscription',
    notFoundTitle: 'Checkout not found',
    notFoundText:
      'This sandbox checkout does not exist, or its payment method no longer runs in the sandbox.',
  },
  fr: {
    title: 'Paiement de test',
    banner: "Paiement de test : aucun argent n'est transféré.",
    payByCard: (price) => `Payer ${frenchUsd(price)} par carte bancaire`,
    cardPrice: (price) => `${frenchUsd(price)} / mois`,
    cardExplanation: `Cette page remplace le formulaire de carte. Acceptez pour payer comme si la carte était acceptée (Pro pendant ${PRO_PASS_DAYS} jours, renouvelable, résiliable) ; refusez pour voir une carte refusée.`,
    payByMobileMoney: (priceXaf) => `Payer ${frenchXaf(priceXaf)} par Mobile Money`,
    mobileMoneyPrice: (priceXaf) => `${frenchXaf(priceXaf)} · ${PRO_PASS_DAYS} jours`,
    mobileMoneyExplanation:
      'Cette page remplace la demande de paiement sur votre téléphone. Acceptez comme vous le feriez avec votre code PIN ; refusez pour rejeter le paiement.',
    approve: 'Accepter le paiement',
    decline: 'Refuser le paiement',
    approved: 'Ce paiement a été accepté.',
    declined: 'Ce paiement a été refusé.',
    back: 'Retour à votre abonnement',
    notFoundTitle: 'Paiement introuvable',
    notFoundText:
      "Ce paiement de test n'existe pas, ou son moyen de paiement ne passe plus par le bac à sable.",
  },
};
