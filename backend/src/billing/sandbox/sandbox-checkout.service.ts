import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { PlanCatalog } from '../../plans';
import { CardSubscriptionLifecycle } from '../card/card-subscription.lifecycle';
import { PaymentEventsService } from '../core/payment-events.service';
import { SubscriptionRepository } from '../core/subscription.repository';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { MobileMoneyPassesService } from '../mobile-money/mobile-money-passes.service';
import { toMinorUnits } from '../payment-records/payment-amount';
import { PaymentRecordsService } from '../payment-records/payment-records.service';
import { addDays, MOBILE_MONEY_ROUTE, PRO_PASS_DAYS } from '../pricing';

/** Where the browser goes after the sandbox page (the subscription page reads the query). */
export const SANDBOX_RETURN = {
  cardApproved: '/subscription?success=true',
  mobileMoneyApproved: '/subscription',
  declined: '/subscription?payment=declined',
  pending: '/subscription',
} as const;

/**
 * The sandbox checkout: approving feeds the same code paths as the real providers (a card
 * approval is a paid invoice through CardSubscriptionLifecycle, once per checkout; a mobile-money
 * approval is a verified payment through MobileMoneyPassesService). Deciding twice changes nothing.
 */
@Injectable()
export class SandboxCheckoutService {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly events: PaymentEventsService,
    private readonly lifecycle: CardSubscriptionLifecycle,
    private readonly passes: MobileMoneyPassesService,
    private readonly plans: PlanCatalog,
    private readonly paymentRecords: PaymentRecordsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The checkout behind a link, while its payment method runs in the sandbox. */
  async find(checkoutId: string): Promise<SubscriptionEntity | null> {
    const checkout = await this.subscriptions.findByRef('sandbox', checkoutId);
    if (!checkout) return null;
    const { card, mobileMoney } = this.config.payments;
    const engine = checkout.method === 'card' ? card.engine : mobileMoney.engine;
    return engine === 'sandbox' ? checkout : null;
  }

  async approve(checkout: SubscriptionEntity): Promise<SubscriptionEntity> {
    const checkoutId = checkout.providerRef;
    if (checkout.method === 'card') {
      // Read outside the transaction: the plan table's first read needs a pool connection of its own.
      const { price } = await this.plans.limitsOf('PRO_PLAN');
      await this.events.processOnce(
        'sandbox',
        `checkout-approved:${checkoutId}`,
        'invoice.paid',
        async (manager) => {
          const now = this.clock.now();
          const periodEnd = addDays(now, PRO_PASS_DAYS);
          await this.lifecycle.apply(manager, {
            kind: 'paid',
            provider: 'sandbox',
            ref: checkoutId,
            periodEnd,
          });
          await this.recordCardPayment(manager, checkoutId, price, { start: now, end: periodEnd });
        },
      );
    } else {
      // The tester "pays" what the page asked for: Pro's XAF price.
      await this.passes.settle({
        provider: 'sandbox',
        txRef: checkoutId,
        status: 'successful',
        amount: (await this.plans.limitsOf('PRO_PLAN')).priceXaf,
        currency: MOBILE_MONEY_ROUTE.currency,
      });
    }
    return this.reload(checkout);
  }

  async decline(checkout: SubscriptionEntity): Promise<SubscriptionEntity> {
    const checkoutId = checkout.providerRef;
    if (checkout.method === 'card') {
      const { price } = await this.plans.limitsOf('PRO_PLAN');
      await this.subscriptions.transaction(async (manager) => {
        await this.lifecycle.apply(manager, { kind: 'declined', provider: 'sandbox', ref: checkoutId });
        await this.recordCardPayment(manager, checkoutId, price, null);
      });
    } else {
      await this.passes.settle({
        provider: 'sandbox',
        txRef: checkoutId,
        status: 'failed',
        amount: 0,
        currency: MOBILE_MONEY_ROUTE.currency,
      });
    }
    return this.reload(checkout);
  }

  /**
   * The billing history's line of a decided card checkout, at Pro's USD price: paid when the
   * approval made it active, refused when the decline failed it (a decision that changed nothing,
   * like declining a paid checkout, records nothing).
   */
  private async recordCardPayment(
    manager: EntityManager,
    checkoutId: string,
    priceUsd: number,
    period: { start: Date; end: Date } | null,
  ): Promise<void> {
    const row = await this.subscriptions.lockByRef(manager, 'sandbox', checkoutId);
    if (row?.method !== 'card' || row.status !== (period ? 'active' : 'failed')) return;
    await this.paymentRecords.record(manager, {
      userId: row.userId,
      subscriptionId: row.id,
      method: 'card',
      provider: 'sandbox',
      providerRef: checkoutId,
      amountMinor: toMinorUnits(priceUsd, 'USD'),
      currency: 'USD',
      status: period ? 'paid' : 'failed',
      periodStart: period?.start ?? null,
      periodEnd: period?.end ?? null,
      paidAt: this.clock.now(),
    });
  }

  /** Where to send the browser once the checkout is decided (or still open). */
  returnUrl(checkout: SubscriptionEntity): string {
    if (checkout.status === 'failed') return SANDBOX_RETURN.declined;
    if (checkout.status === 'pending') return SANDBOX_RETURN.pending;
    return checkout.method === 'card' ? SANDBOX_RETURN.cardApproved : SANDBOX_RETURN.mobileMoneyApproved;
  }

  private async reload(checkout: SubscriptionEntity): Promise<SubscriptionEntity> {
    return (await this.subscriptions.findByRef('sandbox', checkout.providerRef)) ?? checkout;
  }
}
