import { Inject, Injectable } from '@nestjs/common';
import type { CancelSubscriptionResponse, CreateSubscriptionResponse } from '@kasa/contracts';
import { CLOCK, type Clock } from '../../common';
import { EntitlementService } from '../../entitlement';
import type { User } from '../../users';
import { SubscriptionRepository } from '../core/subscription.repository';
import { CARD_PAYMENT_ENGINE, type CardPaymentEngine } from './card-payment-engine';
import {
  noCardSubscription,
  subscriptionAlreadyCancelled,
  subscriptionProviderNotConfigured,
} from './card.errors';

/** POST /api/subscription/create and /cancel (docs/product.md#checkout): card payments. */
@Injectable()
export class CardSubscriptionService {
  constructor(
    @Inject(CARD_PAYMENT_ENGINE) private readonly engine: CardPaymentEngine,
    private readonly subscriptions: SubscriptionRepository,
    private readonly entitlement: EntitlementService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The card form's client secret, or nothing when the user is Pro already ('Already Subscribed'). */
  async create(user: User): Promise<CreateSubscriptionResponse> {
    // Read before taking the lock: inside it, every query must use the locked transaction's
    // connection (a second one per request could exhaust the pool under load).
    if ((await this.entitlement.planOf(user.id, this.clock.now())) === 'PRO_PLAN') return {};
    return this.subscriptions.withUserLock(user.id, (manager) => this.engine.startCheckout(manager, user));
  }

  /** Ends the card subscription at the end of its period; Pro stays until then (docs/product.md#checkout). */
  async cancel(user: User): Promise<CancelSubscriptionResponse> {
    const subscription = await this.subscriptions.findCancellableCard(user.id, this.clock.now());
    if (!subscription?.currentPeriodEnd) throw noCardSubscription();
    if (subscription.cancelAtPeriodEnd) throw subscriptionAlreadyCancelled(subscription.currentPeriodEnd);
    if (subscription.provider !== this.engine.provider)
      throw subscriptionProviderNotConfigured(subscription.provider);
    await this.engine.cancelAtPeriodEnd(subscription);
    const cancelled = await this.subscriptions.transaction(async (manager) => {
      const row = await this.subscriptions.lockByRef(
        manager,
        subscription.provider,
        subscription.providerRef,
      );
      if (!row) throw noCardSubscription();
      row.cancelAtPeriodEnd = true;
      await this.subscriptions.save(manager, row);
      return row;
    });
    return { cancelAtPeriodEnd: true, currentPeriodEnd: cancelled.currentPeriodEnd!.toISOString() };
  }
}
