import { apiFetch } from '@kasa/api-client';
import type { CreateSubscriptionResponse } from '@kasa/contracts';

/** POST /api/subscription/create (no body): a client secret opens the card form; none = already Pro. */
export function createSubscription(): Promise<CreateSubscriptionResponse | undefined> {
  return apiFetch<CreateSubscriptionResponse | undefined>('/api/subscription/create', { method: 'POST' });
}
