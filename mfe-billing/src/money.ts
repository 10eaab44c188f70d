import type { Language } from '@kasa/ui';

/** '$4' / '4 $' (card prices are in US dollars). */
export function formatUsd(amount: number, language: Language): string {
  const number = amount.toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US');
  return language === 'fr' ? `${number} $` : `$${number}`;
}

/** '₣2,500' / '2 500 ₣' (mobile money prices are in CFA francs, XAF). */
export function formatXaf(amount: number, language: Language): string {
  const number = amount.toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US');
  return language === 'fr' ? `${number} ₣` : `₣${number}`;
}
