import {
  USAGE_COUNTER_KEYS,
  USAGE_FEATURES,
  USAGE_WARNING_PERCENT,
  type SubscriptionStatus,
  type UsageFeature,
} from '@kasa/contracts';

export interface UsageWarning {
  feature: UsageFeature;
  percent: number;
}

/**
 * The meter closest to its limit, when a Basic user has used USAGE_WARNING_PERCENT (80 %) or more
 * of any feature this month (docs/product.md#usage-meters); null otherwise and always on Pro.
 * Unlimited features report 0 % and never warn.
 */
export function usageWarning(status: SubscriptionStatus | undefined): UsageWarning | null {
  if (!status || status.plan !== 'BASIC_PLAN') return null;
  let worst: UsageWarning | null = null;
  for (const feature of USAGE_FEATURES) {
    const percent = status.usage.percentages[USAGE_COUNTER_KEYS[feature]];
    if (typeof percent !== 'number' || percent < USAGE_WARNING_PERCENT) continue;
    if (!worst || percent > worst.percent) worst = { feature, percent };
  }
  return worst;
}
