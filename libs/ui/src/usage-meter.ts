import { UNLIMITED, USAGE_WARNING_PERCENT, type UsageFeature } from '@kasa/contracts';

/*
 * The usage meters of the subscription page (mfe-billing) and the account page (mfe-account)
 * read the same numbers the same way: one copy here so the two pages never disagree.
 */

export type MeterLevel = 'unlimited' | 'normal' | 'warning' | 'reached';

/** The usage meter (docs/product.md#usage-meters): under 80 % normal, from 80 % 'Approaching limit', from 100 % 'Limit reached'. */
export function meterLevel(percent: number, limit: number): MeterLevel {
  if (limit === UNLIMITED) return 'unlimited';
  if (percent >= 100) return 'reached';
  if (percent >= USAGE_WARNING_PERCENT) return 'warning';
  return 'normal';
}

/** Voice is stored in seconds and shown in whole minutes (docs/product.md#usage-meters); other counts as they are. */
export function shownAmount(feature: UsageFeature, value: number): number {
  return feature === 'voiceMinutesPerMonth' && value !== UNLIMITED ? Math.floor(value / 60) : value;
}
