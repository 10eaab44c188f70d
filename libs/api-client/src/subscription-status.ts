// GET /api/subscription/status: the plan and the month's usage. The chat's usage warning, the
// subscription page and the account page read it through one QueryClient (the shell's, shared as a
// Module Federation singleton), so they must agree on the key: this is the only place it is spelled.
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@kasa/contracts';

/** TanStack Query key of GET /api/subscription/status (the default query function fetches it). */
export const SUBSCRIPTION_STATUS_QUERY_KEY = ['/api/subscription/status'] as const;

/** Usage meters refresh every 30 seconds (docs/product.md#usage-meters). */
export const SUBSCRIPTION_STATUS_REFRESH_MS = 30_000;

export interface SubscriptionStatusOptions {
  /**
   * Poll while mounted, every `refreshMs` (pages that show the usage meters pass
   * SUBSCRIPTION_STATUS_REFRESH_MS). Without it the status is read once, like every other query.
   */
  refreshMs?: number;
}

export function useSubscriptionStatus({ refreshMs }: SubscriptionStatusOptions = {}) {
  return useQuery<SubscriptionStatus>({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    ...(refreshMs === undefined ? {} : { refetchInterval: refreshMs }),
  });
}
