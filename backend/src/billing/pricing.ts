import type { MobileMoneyNetwork } from '@kasa/contracts';

/** A mobile-money payment buys this many days of Pro; a sandbox card period lasts as long. */
export const PRO_PASS_DAYS = 30;

/** Spec §9: Pro by mobile money is ₣2,500 (XAF), charged in Cameroon. */
export const MOBILE_MONEY_PRICE = { amount: 2500, currency: 'XAF', country: 'CM' } as const;

/**
 * The networks Flutterwave's francophone mobile money routes in Cameroon (MTN and Orange).
 * The form also offers AIRTEL (spec §3); it gets a clear refusal instead of a provider error.
 */
export const ROUTED_NETWORKS: readonly MobileMoneyNetwork[] = ['MTN', 'ORANGE'];

export const NETWORK_NAMES: Record<MobileMoneyNetwork, string> = {
  MTN: 'MTN Mobile Money',
  ORANGE: 'Orange Money',
  AIRTEL: 'Airtel Money',
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}
