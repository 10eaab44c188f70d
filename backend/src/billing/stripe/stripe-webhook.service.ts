import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { CardSubscriptionLifecycle } from '../card/card-subscription.lifecycle';
import { PaymentEventsService } from '../core/payment-events.service';
import { SubscriptionRepository } from '../core/subscription.repository';
import { PaymentRecordsService } from '../payment-records/payment-records.service';
import { STRIPE_ACCOUNT, type StripeAccount } from './stripe-account';
import { type StripeInvoicePayment, translateStripeEvent } from './stripe-card-events';
import { StripeCustomerRepository } from './stripe-customer.repository';
import { stripeNotConfigured, stripeSignatureInvalid } from './stripe.errors';

/** Whether this delivery applied the event, or found it applied already (Stripe retries). */
export interface StripeWebhookReceipt {
  received: true;
  duplicate?: true;
}

/**
 * POST /api/stripe/webhook: verifies the signature on the raw body, then applies each event
 * once (paid → Pro until the period end, cancel at period end, deleted / expired → Basic).
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @Inject(STRIPE_ACCOUNT) private readonly stripe: StripeAccount | null,
    private readonly customers: StripeCustomerRepository,
    private readonly events: PaymentEventsService,
    private readonly lifecycle: CardSubscriptionLifecycle,
    private readonly subscriptions: SubscriptionRepository,
    private readonly paymentRecords: PaymentRecordsService,
  ) {}

  async receive(rawBody: unknown, signature: string | undefined): Promise<StripeWebhookReceipt> {
    if (!this.stripe) throw stripeNotConfigured();
    const event = this.verify(this.stripe, rawBody, signature);
    const { customerId, events, payment } = translateStripeEvent(event);
    if (!events.length) return { received: true };
    // Names the owner of a subscription Kasa has no row for (e.g. made in Stripe's dashboard).
    const ownerId = (customerId && (await this.customers.userIdOf(customerId))) || undefined;
    const applied = await this.events.processOnce('stripe', event.id, event.type, async (manager) => {
      for (const cardEvent of events) await this.lifecycle.apply(manager, { ...cardEvent, ownerId });
      if (payment) await this.recordPayment(manager, payment, ownerId);
    });
    return applied ? { received: true } : { received: true, duplicate: true };
  }

  /**
   * The billing history's line of a paid invoice, whatever the subscription's state here: the
   * money was taken. The invoice id makes the invoice.paid and invoice.payment_succeeded of one
   * invoice a single record.
   */
  private async recordPayment(
    manager: EntityManager,
    payment: StripeInvoicePayment,
    ownerId: string | undefined,
  ): Promise<void> {
    const subscription = await this.subscriptions.lockByRef(manager, 'stripe', payment.subscriptionRef);
    const userId = subscription?.userId ?? ownerId;
    if (!userId) {
      this.logger.warn(`Paid invoice ${payment.invoiceId} names no known user: not recorded`);
      return;
    }
    await this.paymentRecords.record(manager, {
      userId,
      subscriptionId: subscription?.id ?? null,
      method: 'card',
      provider: 'stripe',
      providerRef: payment.invoiceId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      status: 'paid',
      periodStart: payment.periodStart,
      periodEnd: payment.periodEnd,
      paidAt: payment.paidAt,
    });
  }

  private verify(stripe: StripeAccount, rawBody: unknown, signature: string | undefined): Stripe.Event {
    if (!Buffer.isBuffer(rawBody) || !signature) throw stripeSignatureInvalid();
    try {
      return stripe.client.webhooks.constructEvent(rawBody, signature, stripe.config.webhookSecret);
    } catch {
      throw stripeSignatureInvalid();
    }
  }
}
