import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@kasa/api-client';
import type {
  CancelSubscriptionResponse,
  CreateSubscriptionResponse,
  MobileMoneyPaymentRequest,
  MobileMoneyPaymentResponse,
  SubscriptionStatus,
} from '@kasa/contracts';

/** TanStack Query key of GET /api/subscription/status (the default query function fetches it). */
export const SUBSCRIPTION_STATUS_QUERY_KEY = ['/api/subscription/status'] as const;
/** Usage meters refresh every 30 seconds (docs/product.md#usage-meters). */
export const STATUS_REFRESH_MS = 30_000;

export function useSubscriptionStatus() {
  return useQuery<SubscriptionStatus>({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** POST /api/subscription/create (no body): a client secret opens the card form; none = already Pro. */
export function createSubscription(): Promise<CreateSubscriptionResponse | undefined> {
  return apiFetch<CreateSubscriptionResponse | undefined>('/api/subscription/create', { method: 'POST' });
}

export function cancelSubscription(): Promise<CancelSubscriptionResponse> {
  return apiFetch<CancelSubscriptionResponse>('/api/subscription/cancel', { method: 'POST' });
}

export function createMobileMoneyPayment(
  body: MobileMoneyPaymentRequest,
): Promise<MobileMoneyPaymentResponse> {
  return apiFetch<MobileMoneyPaymentResponse>('/api/flutterwave/create-mobile-money-payment', {
    method: 'POST',
    body,
  });
}
