import type { Language } from './i18n';

/*
 * Prices as the product writes them ('$4', '₣2,500'), shared by the subscription page and the
 * account page's plan cost and billing history.
 */

function grouped(amount: number, language: Language): string {
  return amount.toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US');
}

/** '$4' / '4 $' (card prices are in US dollars). */
export function formatUsd(amount: number, language: Language): string {
  const number = grouped(amount, language);
  return language === 'fr' ? `${number} $` : `$${number}`;
}

/** '₣2,500' / '2 500 ₣' (mobile money prices are in CFA francs, XAF). */
export function formatXaf(amount: number, language: Language): string {
  const number = grouped(amount, language);
  return language === 'fr' ? `${number} ₣` : `₣${number}`;
}

/** An amount in its ISO 4217 currency: USD and XAF as above, any other as '12.5 EUR'. */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const code = currency.toUpperCase();
  if (code === 'USD') return formatUsd(amount, language);
  if (code === 'XAF') return formatXaf(amount, language);
  return `${grouped(amount, language)} ${code}`;
}
