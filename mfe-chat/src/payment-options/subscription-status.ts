// The chat screen reads the plan and the month's usage to warn before a limit is reached
// (useSubscriptionStatus of @kasa/api-client: one query key for every remote over the shared
// QueryClient, so moving between /chat and /subscription does not fetch it twice).
import type { QueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@kasa/api-client';
import type { SubscriptionStatus } from '@kasa/contracts';

/**
 * After a chat reply the message counter has moved: read it again, but only for a Basic user
 * (Pro never sees the warning, and a status that never loaded stays unloaded).
 */
export function refreshUsageAfterSend(queryClient: QueryClient): void {
  const status = queryClient.getQueryData<SubscriptionStatus>(SUBSCRIPTION_STATUS_QUERY_KEY);
  if (status?.plan !== 'BASIC_PLAN') return;
  void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, exact: true });
}
