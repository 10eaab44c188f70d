import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common';
import { SubscriptionRepository } from '../core/subscription.repository';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { CARD_PAYMENT_ENGINE, type CardPaymentEngine } from './card-payment-engine';
import { cardCancellationFailed, cardProviderNotConfigured } from './card.errors';

/**
 * Ends a user's card subscriptions at the provider at once, before their account is deleted: no
 * charge may follow a deleted account. Each is marked ended as soon as the provider confirms, so
 * a deletion failing afterwards leaves the rows telling the truth.
 */
@Injectable()
export class CardSubscriptionClosure {
  private readonly logger = new Logger(CardSubscriptionClosure.name);

  constructor(
    @Inject(CARD_PAYMENT_ENGINE) private readonly engine: CardPaymentEngine,
    private readonly subscriptions: SubscriptionRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Answers whether a paid subscription was cancelled. Nothing is deleted when it throws: 502
   * ACCOUNT_DELETE_BILLING_FAILED (the provider failed, or is not configured for a running one).
   */
  async cancelAllNow(userId: string): Promise<boolean> {
    let cancelledPaid = false;
    for (const subscription of await this.subscriptions.findOpenCards(userId)) {
      if (subscription.provider !== this.engine.provider) {
        this.refuseIfStillRunning(subscription);
        continue;
      }
      try {
        await this.engine.cancelNow(subscription.providerRef);
      } catch (error) {
        this.logger.warn(
          `Cancelling ${subscription.provider} subscription ${subscription.providerRef} at once failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        throw cardCancellationFailed();
      }
      await this.markEnded(subscription);
      if (subscription.status === 'active') cancelledPaid = true;
    }
    return cancelledPaid;
  }

  /**
   * A subscription of a provider this server no longer talks to: one still paying for a period
   * could renew after the account is gone, so the deletion waits; a stale checkout is left.
   */
  private refuseIfStillRunning(subscription: SubscriptionEntity): void {
    const running =
      subscription.status === 'active' &&
      !!subscription.currentPeriodEnd &&
      subscription.currentPeriodEnd > this.clock.now();
    if (running) throw cardCancellationFailed(cardProviderNotConfigured(subscription.provider));
    this.logger.warn(
      `Left ${subscription.provider} subscription ${subscription.providerRef} (${subscription.status}): the provider is not configured`,
    );
  }

  private markEnded(subscription: SubscriptionEntity): Promise<void> {
    return this.subscriptions.transaction(async (manager) => {
      const row = await this.subscriptions.lockByRef(
        manager,
        subscription.provider,
        subscription.providerRef,
      );
      if (!row) return;
      row.status = 'canceled';
      await this.subscriptions.save(manager, row);
    });
  }
}
