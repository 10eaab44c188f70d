import {
  PLAN_IDS,
  type PlansResponse,
  type SubscriptionStatus,
  type SubscriptionUsage,
  USAGE_COUNTER_KEYS,
  USAGE_FEATURES,
  type UsageCounterKey,
  type UsageFeature,
} from '@kasa/contracts';
import type { Entitlement } from '../entitlement';
import type { PlanTable } from '../plans';
import { nextPeriodStart } from './usage-period';

/** Share of the limit used, in whole percent rounded down; 0 when the limit is unlimited. */
export function usagePercent(used: number, limit: number): number {
  return limit > 0 ? Math.floor((100 * used) / limit) : 0;
}

/** The status's usage block for a plan's limits and the month's counters. */
export function usageBlock(
  limits: Record<UsageFeature, number>,
  used: Partial<Record<UsageFeature, number>>,
): SubscriptionUsage {
  const usage: SubscriptionUsage = {
    current: {} as Record<UsageCounterKey, number>,
    limits: {} as Record<UsageFeature, number>,
    percentages: {} as Record<UsageCounterKey, number>,
  };
  for (const feature of USAGE_FEATURES) {
    const key = USAGE_COUNTER_KEYS[feature];
    const current = used[feature] ?? 0;
    usage.current[key] = current;
    usage.limits[feature] = limits[feature];
    usage.percentages[key] = usagePercent(current, limits[feature]);
  }
  return usage;
}

/** GET /api/subscription/status: the user's plan, every plan's limits, the month's usage. */
export function subscriptionStatus(
  entitlement: Entitlement,
  plans: PlanTable,
  used: Partial<Record<UsageFeature, number>>,
  now: Date,
): SubscriptionStatus {
  return {
    plan: entitlement.plan,
    planLimits: plans,
    usage: usageBlock(plans[entitlement.plan], used),
    subscription: entitlement.subscription,
    usageResetsAt: nextPeriodStart(now).toISOString(),
  };
}

/** GET /api/subscription/plans: every plan with its id, Basic first. */
export function plansResponse(plans: PlanTable): PlansResponse {
  return { plans: PLAN_IDS.map((id) => ({ id, ...plans[id] })) };
}
