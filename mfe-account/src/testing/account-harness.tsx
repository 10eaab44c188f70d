// Test harness of the account page: the page rendered as the shell renders it, with the API stubbed
// at the window.fetch boundary (@kasa/ui/testing); only the account page's fixtures live here.
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import type { AccountSecurity, AuthUser, PlanId, SubscriptionStatus } from '@kasa/contracts';
import type { Language } from '@kasa/ui';
import {
  TEST_PLAN_LIMITS,
  TEST_USER,
  renderRemote,
  signIn,
  subscriptionStatusOf,
  type PlanLimits,
  type UsageCounters,
} from '@kasa/ui/testing';
import App from '../App';

export { fail, ok, stubApi, type Route } from '@kasa/ui/testing';

export const amina: AuthUser = TEST_USER;

/** The account page's tests count Basic messages against a limit of 100 (round percentages). */
export const PLAN_LIMITS: PlanLimits = {
  ...TEST_PLAN_LIMITS,
  BASIC_PLAN: { ...TEST_PLAN_LIMITS.BASIC_PLAN, messagesPerMonth: 100 },
};

/** A status as GET /api/subscription/status answers it: percentages rounded down, 0 when unlimited. */
export function statusOf(
  plan: PlanId,
  current: Partial<UsageCounters> = {},
  subscription: SubscriptionStatus['subscription'] = null,
): SubscriptionStatus {
  return subscriptionStatusOf(plan, current, subscription, PLAN_LIMITS);
}

export function securityOf(overrides: Partial<AccountSecurity> = {}): AccountSecurity {
  return {
    passwordChangedAt: '2026-11-24T09:00:00.000Z',
    twoFactor: { enabled: false, enabledAt: null, backupCodesLeft: 0 },
    ...overrides,
  };
}

/**
 * Renders the account page signed in as `user` (token 'token-1', the session already in the
 * shared cache as the shell leaves it), at /account?tab=<tab>.
 */
export function renderAccount({
  tab,
  path,
  language = 'en',
  user = amina,
  queryClient = createQueryClient(),
}: {
  tab?: string;
  path?: string;
  language?: Language;
  user?: AuthUser | null;
  queryClient?: QueryClient;
} = {}) {
  if (user) signIn(queryClient, user);
  renderRemote(<App />, {
    path: path ?? (tab ? `/account?tab=${tab}` : '/account'),
    language,
    queryClient,
  });
  return { queryClient };
}

export const USER = 'GET /api/auth/user';
export const STATUS = 'GET /api/subscription/status';
export const SECURITY = 'GET /api/auth/security';
export const HISTORY = 'GET /api/account/billing-history';
export const NOTIFICATIONS = 'GET /api/account/notifications';
export const LATEST_EXPORT = 'GET /api/account/export/latest';
