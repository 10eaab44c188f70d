import { Logger } from '@nestjs/common';
import type { CreateSubscriptionResponse } from '@kasa/contracts';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import type { User } from '../../users';
import type { CardPaymentEngine } from '../card/card-payment-engine';
import type { CardSubscriptionLifecycle } from '../card/card-subscription.lifecycle';
import type { SubscriptionRepository } from '../core/subscription.repository';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { periodEndOfSubscription } from './stripe-card-events';
import type { StripeAccount } from './stripe-account';
import type { StripeCustomerRepository } from './stripe-customer.repository';
import {
  callStripe,
  isInvalidRequest,
  isMissingResource,
  rethrowStripeError,
  stripeRefused,
} from './stripe.errors';

/** The client secret lives on the first invoice (API 2025-03-31+: invoice.confirmation_secret). */
const CLIENT_SECRET_PATH = 'latest_invoice.confirmation_secret';

function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/**
 * Card payments on Stripe: a monthly subscription to the configured USD 4 price, created
 * 'default_incomplete' so the first invoice is paid in Stripe's Payment Element with the client
 * secret; the webhooks then make the user Pro (StripeWebhookService).
 */
export class StripeCardEngine implements CardPaymentEngine {
  readonly provider = 'stripe';
  private readonly logger = new Logger(StripeCardEngine.name);

  constructor(
    private readonly stripe: StripeAccount,
    private readonly subscriptions: SubscriptionRepository,
    private readonly customers: StripeCustomerRepository,
    private readonly lifecycle: CardSubscriptionLifecycle,
  ) {}

  async startCheckout(manager: EntityManager, user: User): Promise<CreateSubscriptionResponse> {
    const pending = await this.subscriptions.findPending(manager, user.id, 'card', 'stripe');
    if (pending) {
      const resumed = await this.resume(manager, pending);
      if (resumed) return resumed;
    }
    const customer = await this.customerOf(manager, user);
    const subscription = await callStripe('Creating the subscription', () =>
      this.stripe.client.subscriptions.create({
        customer,
        items: [{ price: this.stripe.config.priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: [CLIENT_SECRET_PATH],
        metadata: { kasa_user_id: user.id },
      }),
    );
    const clientSecret = clientSecretOf(subscription);
    if (!clientSecret) {
      this.logger.warn(`Subscription ${subscription.id} came back without a client secret`);
      throw stripeRefused();
    }
    await this.subscriptions.insert(manager, {
      userId: user.id,
      method: 'card',
      provider: 'stripe',
      providerRef: subscription.id,
      status: 'pending',
      currentPeriodEnd: null,
    });
    return { clientSecret };
  }

  async cancelAtPeriodEnd(subscription: SubscriptionEntity): Promise<void> {
    await callStripe('Cancelling the subscription', () =>
      this.stripe.client.subscriptions.update(subscription.providerRef, { cancel_at_period_end: true }),
    );
  }

  async cancelNow(providerRef: string): Promise<void> {
    try {
      await this.stripe.client.subscriptions.cancel(providerRef);
    } catch (error) {
      if (isMissingResource(error) || (await this.hasEnded(providerRef, error))) return;
      rethrowStripeError('Cancelling the subscription at once', error);
    }
  }

  /** Whether a refused cancellation was refused because Stripe had ended the subscription already. */
  private async hasEnded(providerRef: string, error: unknown): Promise<boolean> {
    if (!isInvalidRequest(error)) return false;
    try {
      const { status } = await this.stripe.client.subscriptions.retrieve(providerRef);
      return status === 'canceled' || status === 'incomplete_expired';
    } catch {
      return false;
    }
  }

  /**
   * The pending checkout's secret while Stripe still waits for its first payment. Otherwise the
   * checkout is over: paid meanwhile (recorded now, the webhook may still be on its way: the
   * answer is "already subscribed") or expired (a new checkout starts).
   */
  private async resume(
    manager: EntityManager,
    pending: SubscriptionEntity,
  ): Promise<CreateSubscriptionResponse | null> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.stripe.client.subscriptions.retrieve(pending.providerRef, {
        expand: [CLIENT_SECRET_PATH],
      });
    } catch (error) {
      if (!isMissingResource(error)) rethrowStripeError('Reading the pending subscription', error);
      pending.status = 'canceled';
      await this.subscriptions.save(manager, pending);
      return null;
    }
    const clientSecret = clientSecretOf(subscription);
    if (subscription.status === 'incomplete' && clientSecret) return { clientSecret };
    const periodEnd = periodEndOfSubscription(subscription);
    if ((subscription.status === 'active' || subscription.status === 'trialing') && periodEnd) {
      await this.lifecycle.apply(manager, {
        kind: 'paid',
        provider: 'stripe',
        ref: pending.providerRef,
        periodEnd,
      });
      return {};
    }
    pending.status = 'canceled';
    await this.subscriptions.save(manager, pending);
    return null;
  }

  private async customerOf(manager: EntityManager, user: User): Promise<string> {
    const known = await this.customers.customerIdOf(manager, user.id);
    if (known) return known;
    const customer = await callStripe('Creating the customer', () =>
      this.stripe.client.customers.create(
        { name: user.username, email: user.email ?? undefined, metadata: { kasa_user_id: user.id } },
        // A retry after a failed save finds the same customer instead of making a second one.
        { idempotencyKey: `kasa-customer-${user.id}` },
      ),
    );
    await this.customers.remember(manager, user.id, customer.id);
    return customer.id;
  }
}
