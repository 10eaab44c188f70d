import { apiFetch } from '@kasa/api-client';
import type { MobileMoneyPaymentRequest, MobileMoneyPaymentResponse } from '@kasa/contracts';

export function createMobileMoneyPayment(
  body: MobileMoneyPaymentRequest,
): Promise<MobileMoneyPaymentResponse> {
  return apiFetch<MobileMoneyPaymentResponse>('/api/flutterwave/create-mobile-money-payment', {
    method: 'POST',
    body,
  });
}
