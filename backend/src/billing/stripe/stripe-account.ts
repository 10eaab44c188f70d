import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

/** The Stripe client and its settings, when card payments run on Stripe (else null). */
export interface StripeAccount {
  client: Stripe;
  config: StripeConfig;
}

export const STRIPE_ACCOUNT = Symbol('STRIPE_ACCOUNT');

/** The SDK talks to StripeConfig.apiUrl (https://api.stripe.com, or a loopback server in tests). */
export function createStripeAccount(config: StripeConfig): StripeAccount {
  const api = new URL(config.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return {
    config,
    client: new Stripe(config.secretKey, {
      host: api.hostname,
      port: api.port || (protocol === 'http' ? 80 : 443),
      protocol,
      // Retried POSTs carry an idempotency key the SDK adds, so a retry never doubles a charge.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Kasa' },
    }),
  };
}
