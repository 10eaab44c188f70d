import type { MobileMoneyNetwork } from '@kasa/contracts';

/** A mobile-money payment buys this many days of Pro; a sandbox card period lasts as long. */
export const PRO_PASS_DAYS = 30;

/**
 * Where mobile money is charged: in XAF, in Cameroon (the provider route). The amount is Pro's
 * priceXaf in the plan table (PlanCatalog), never a constant here.
 */
export const MOBILE_MONEY_ROUTE = { currency: 'XAF', country: 'CM' } as const;

/** '₣2,500': an XAF amount as the texts and the sandbox page show it. */
export function formatXaf(amount: number): string {
  return `₣${amount.toLocaleString('en-US')}`;
}

/** '$4', '$4.50': a USD amount as the texts and the sandbox page show it. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export const NETWORK_NAMES: Record<MobileMoneyNetwork, string> = {
  MTN: 'MTN Mobile Money',
  ORANGE: 'Orange Money',
  AIRTEL: 'Airtel Money',
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}
