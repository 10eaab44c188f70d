import type { CreateSubscriptionResponse } from '@kasa/contracts';
import type { EntityManager } from 'typeorm';
import type { User } from '../../users';
import type { CardPaymentEngine } from '../card/card-payment-engine';
import type { SubscriptionRepository } from '../core/subscription.repository';
import { newSandboxCheckoutId, sandboxCheckoutUrl } from './sandbox-checkout-link';

/**
 * Card payments without Stripe: the checkout is a local page where the tester approves or
 * declines (SandboxCheckoutService), and its approval is handled like Stripe's paid invoice.
 */
export class SandboxCardEngine implements CardPaymentEngine {
  readonly provider = 'sandbox';

  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async startCheckout(manager: EntityManager, user: User): Promise<CreateSubscriptionResponse> {
    const pending = await this.subscriptions.findPending(manager, user.id, 'card', 'sandbox');
    const checkoutId = pending?.providerRef ?? newSandboxCheckoutId();
    if (!pending) {
      await this.subscriptions.insert(manager, {
        userId: user.id,
        method: 'card',
        provider: 'sandbox',
        providerRef: checkoutId,
        status: 'pending',
        currentPeriodEnd: null,
      });
    }
    return { clientSecret: `sandbox_${checkoutId}`, checkoutUrl: sandboxCheckoutUrl(checkoutId) };
  }

  /** No provider to tell: the row's cancel flag (set by the caller) is the whole cancellation. */
  async cancelAtPeriodEnd(): Promise<void> {}

  /** No provider to tell: the caller marks the row ended. */
  async cancelNow(): Promise<void> {}
}
