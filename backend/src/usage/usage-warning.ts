import { USAGE_WARNING_PERCENT } from '@kasa/contracts';

/**
 * Whether taking usage moved a meter from under USAGE_WARNING_PERCENT (80 %) of its limit to at
 * or over it: `before < 80 % ≤ after`. The same whole-number comparison as the meters
 * (subscription-status.ts rounds down), so the e-mail and the meter turn at the same count. An
 * unlimited (negative) or zero limit never crosses. Pure arithmetic: it runs on every reservation.
 */
export function crossesUsageWarning(before: number, after: number, limit: number): boolean {
  if (limit <= 0) return false;
  const threshold = limit * USAGE_WARNING_PERCENT;
  return before * 100 < threshold && after * 100 >= threshold;
}
