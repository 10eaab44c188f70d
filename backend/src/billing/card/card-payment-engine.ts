import type { CreateSubscriptionResponse } from '@kasa/contracts';
import type { EntityManager } from 'typeorm';
import type { User } from '../../users';
import type { SubscriptionEntity } from '../entities/subscription.entity';

/** Where card payments go: Stripe when configured, else the sandbox checkout. */
export interface CardPaymentEngine {
  readonly provider: 'stripe' | 'sandbox';
  /**
   * Starts the user's card checkout, or resumes the one still waiting for its payment (a second
   * click must not make a second subscription). Runs under the user's billing lock.
   */
  startCheckout(manager: EntityManager, user: User): Promise<CreateSubscriptionResponse>;
  /** Tells the provider to end this subscription at the end of its period. */
  cancelAtPeriodEnd(subscription: SubscriptionEntity): Promise<void>;
  /**
   * Ends the subscription at the provider now, with no further charge (the account is being
   * deleted). One the provider has ended already, or never knew, counts as ended.
   */
  cancelNow(providerRef: string): Promise<void>;
}

export const CARD_PAYMENT_ENGINE = Symbol('CARD_PAYMENT_ENGINE');
