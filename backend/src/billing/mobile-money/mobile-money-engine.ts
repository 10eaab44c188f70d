import type { MobileMoneyNetwork, MobileMoneyPaymentResponse } from '@kasa/contracts';

/** A payment request ready for the provider: a routed network and the phone as digits. */
export interface MobileMoneyRequest {
  userId: string;
  /** Digits with the country code, no '+' (e.g. 237650000000). */
  phoneDigits: string;
  network: MobileMoneyNetwork;
  email: string;
  fullName: string;
}

/** Where mobile-money payments go: Flutterwave when configured, else the sandbox checkout. */
export interface MobileMoneyEngine {
  /** Records the pending payment and sends the request. Failures are PaymentRefused. */
  requestPayment(request: MobileMoneyRequest): Promise<MobileMoneyPaymentResponse>;
}

export const MOBILE_MONEY_ENGINE = Symbol('MOBILE_MONEY_ENGINE');
