import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { PlanCatalog } from '../../plans';
import { CardSubscriptionLifecycle } from '../card/card-subscription.lifecycle';
import { PaymentEventsService } from '../core/payment-events.service';
import { SubscriptionRepository } from '../core/subscription.repository';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { MobileMoneyPassesService } from '../mobile-money/mobile-money-passes.service';
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
      await this.events.processOnce('sandbox', `checkout-approved:${checkoutId}`, 'invoice.paid', (manager) =>
        this.lifecycle.apply(manager, {
          kind: 'paid',
          provider: 'sandbox',
          ref: checkoutId,
          periodEnd: addDays(this.clock.now(), PRO_PASS_DAYS),
        }),
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
      await this.subscriptions.transaction((manager) =>
        this.lifecycle.apply(manager, { kind: 'declined', provider: 'sandbox', ref: checkoutId }),
      );
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
