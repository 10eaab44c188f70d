/**
 * ISO 4217 currencies without a minor unit, as card and mobile-money providers count them (Stripe's
 * zero-decimal list): an amount in these is already in its smallest unit.
 */
const ZERO_DECIMAL_CURRENCIES = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '),
);

const minorUnitsPerMajor = (currency: string) =>
  ZERO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? 1 : 100;

/** 4 USD → 400; 2500 XAF → 2500. Rounded: a provider's 4.005 is not a fraction of a cent. */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.max(0, Math.round(amount * minorUnitsPerMajor(currency)));
}

/** 400 USD cents → 4; 2500 XAF → 2500. */
export function toMajorUnits(amountMinor: number, currency: string): number {
  return amountMinor / minorUnitsPerMajor(currency);
}
