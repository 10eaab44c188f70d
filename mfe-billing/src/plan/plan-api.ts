import { apiFetch } from '@kasa/api-client';
import type { CancelSubscriptionResponse } from '@kasa/contracts';

export function cancelSubscription(): Promise<CancelSubscriptionResponse> {
  return apiFetch<CancelSubscriptionResponse>('/api/subscription/cancel', { method: 'POST' });
}
