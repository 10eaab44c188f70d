// Answers shared by every remote's tests, shaped like the server's (libs/contracts).
import type { AuthUser, PlanId, SubscriptionStatus } from '@kasa/contracts';

export const TEST_USER: AuthUser = {
  id: 'u1',
  username: 'amina',
  email: 'amina@example.cm',
  createdAt: '2026-01-01T00:00:00.000Z',
};

export type PlanLimits = SubscriptionStatus['planLimits'];
export type UsageCounters = SubscriptionStatus['usage']['current'];

/** The plans' limits in tests (a -1 limit is unlimited). */
export const TEST_PLAN_LIMITS: PlanLimits = {
  BASIC_PLAN: {
    name: 'Basic',
    price: 0,
    priceXaf: 0,
    messagesPerMonth: 50,
    mediaGenerationsPerMonth: 5,
    voiceMinutesPerMonth: 600,
    audioUploadsPerMonth: 5,
    webSearchesPerMonth: 20,
  },
  PRO_PLAN: {
    name: 'Pro',
    price: 4,
    priceXaf: 2500,
    messagesPerMonth: 2000,
    mediaGenerationsPerMonth: 200,
    voiceMinutesPerMonth: 18000,
    audioUploadsPerMonth: 500,
    webSearchesPerMonth: -1,
  },
};

/**
 * A status as GET /api/subscription/status answers it for `plan` with `current` usage:
 * percentages rounded down, 0 when unlimited.
 */
export function subscriptionStatusOf(
  plan: PlanId,
  current: Partial<UsageCounters> = {},
  subscription: SubscriptionStatus['subscription'] = null,
  planLimits: PlanLimits = TEST_PLAN_LIMITS,
): SubscriptionStatus {
  const limits = planLimits[plan];
  const counts: UsageCounters = {
    messages: 0,
    mediaGenerations: 0,
    voiceMinutes: 0,
    audioUploads: 0,
    webSearches: 0,
    ...current,
  };
  const percent = (used: number, limit: number) => (limit === -1 ? 0 : Math.floor((used / limit) * 100));
  return {
    plan,
    planLimits,
    usage: {
      current: counts,
      limits: {
        messagesPerMonth: limits.messagesPerMonth,
        mediaGenerationsPerMonth: limits.mediaGenerationsPerMonth,
        voiceMinutesPerMonth: limits.voiceMinutesPerMonth,
        audioUploadsPerMonth: limits.audioUploadsPerMonth,
        webSearchesPerMonth: limits.webSearchesPerMonth,
      },
      percentages: {
        messages: percent(counts.messages, limits.messagesPerMonth),
        mediaGenerations: percent(counts.mediaGenerations, limits.mediaGenerationsPerMonth),
        voiceMinutes: percent(counts.voiceMinutes, limits.voiceMinutesPerMonth),
        audioUploads: percent(counts.audioUploads, limits.audioUploadsPerMonth),
        webSearches: percent(counts.webSearches, limits.webSearchesPerMonth),
      },
    },
    subscription,
    usageResetsAt: '2026-02-01T00:00:00.000Z',
  };
}
