// The chat screen reads the plan and the month's usage to warn before a limit is reached. Same
// query key as the subscription page (mfe-billing/src/billing-api.ts): the shared QueryClient
// keeps one copy, so moving between /chat and /subscription does not fetch it twice.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@kasa/contracts';

export const SUBSCRIPTION_STATUS_QUERY_KEY = ['/api/subscription/status'] as const;

export function useSubscriptionStatus() {
  return useQuery<SubscriptionStatus>({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY });
}

/**
 * After a chat reply the message counter has moved: read it again, but only for a Basic user
 * (Pro never sees the warning, and a status that never loaded stays unloaded).
 */
export function refreshUsageAfterSend(queryClient: QueryClient): void {
  const status = queryClient.getQueryData<SubscriptionStatus>(SUBSCRIPTION_STATUS_QUERY_KEY);
  if (status?.plan !== 'BASIC_PLAN') return;
  void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, exact: true });
}
