import type Stripe from 'stripe';
import type { CardSubscriptionEvent } from '../card/card-subscription-event';

type StripeCardEvent = Exclude<CardSubscriptionEvent, { kind: 'declined' }>;

/** A paid invoice as the billing history records it. */
export interface StripeInvoicePayment {
  invoiceId: string;
  /** The subscription it bills. */
  subscriptionRef: string;
  /** amount_paid: in the currency's minor unit already (cents; XAF as is). */
  amountMinor: number;
  /** Upper-cased ISO 4217 ('USD'). */
  currency: string;
  periodStart: Date | null;
  periodEnd: Date;
  paidAt: Date;
}

/** What a Stripe webhook event means for Kasa: the card events it carries, the customer, the payment. */
export interface TranslatedStripeEvent {
  customerId: string | null;
  events: StripeCardEvent[];
  /** A paid invoice (invoice.paid / invoice.payment_succeeded): one payment record. */
  payment?: StripeInvoicePayment;
}

const NOTHING: TranslatedStripeEvent = { customerId: null, events: [] };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** The subscription an invoice bills (API 2025-03-31 and later name it under `parent`). */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  for (const line of invoice.lines?.data ?? []) {
    const fromLine = line.parent?.subscription_item_details?.subscription;
    if (fromLine) return fromLine;
  }
  return null;
}

/**
 * The end of the service period an invoice paid for: the latest end among its lines (the
 * invoice's own period_end is the end of the period *before* it, for subscription invoices).
 */
export function periodEndOfInvoice(invoice: Stripe.Invoice): Date | null {
  const ends = (invoice.lines?.data ?? []).map((line) => line.period?.end).filter((end) => !!end);
  return ends.length ? fromUnix(Math.max(...ends)) : null;
}

/** The start of the service period an invoice paid for: the earliest start among its lines. */
export function periodStartOfInvoice(invoice: Stripe.Invoice): Date | null {
  const starts = (invoice.lines?.data ?? []).map((line) => line.period?.start).filter((start) => !!start);
  return starts.length ? fromUnix(Math.min(...starts)) : null;
}

/** The payment a paid invoice records; none when the payload lacks its id, amount or currency. */
function paymentOfInvoice(
  invoice: Stripe.Invoice,
  subscriptionRef: string,
  periodEnd: Date,
  eventCreated: number,
): StripeInvoicePayment | undefined {
  const { id, amount_paid: amountPaid, currency } = invoice as Partial<Stripe.Invoice>;
  if (!id || typeof amountPaid !== 'number' || typeof currency !== 'string') return undefined;
  return {
    invoiceId: id,
    subscriptionRef,
    amountMinor: amountPaid,
    currency: currency.toUpperCase(),
    periodStart: periodStartOfInvoice(invoice),
    periodEnd,
    paidAt: fromUnix(invoice.status_transitions?.paid_at ?? eventCreated),
  };
}

/** Since API 2025-03-31 the period lives on each subscription item. */
export function periodEndOfSubscription(subscription: Stripe.Subscription): Date | null {
  const ends = (subscription.items?.data ?? []).map((item) => item.current_period_end).filter((end) => !!end);
  return ends.length ? fromUnix(Math.max(...ends)) : null;
}

export function stateOfSubscription(status: Stripe.Subscription.Status): 'active' | 'ended' | 'unchanged' {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'canceled' || status === 'incomplete_expired') return 'ended';
  // incomplete (first payment pending), past_due / unpaid (renewal failing), paused: Pro stays
  // until the end already paid for, and no further.
  return 'unchanged';
}

function subscriptionEvent(
  subscription: Stripe.Subscription,
  created: number,
  deleted: boolean,
): TranslatedStripeEvent {
  return {
    customerId: idOf(subscription.customer),
    events: [
      {
        kind: 'state',
        provider: 'stripe',
        ref: subscription.id,
        state: deleted ? 'ended' : stateOfSubscription(subscription.status),
        periodEnd: periodEndOfSubscription(subscription),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        at: fromUnix(created),
      },
    ],
  };
}

/** Translates the webhook events Kasa acts on; every other type means nothing (and is ignored). */
export function translateStripeEvent(event: Stripe.Event): TranslatedStripeEvent {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object;
      const ref = subscriptionOfInvoice(invoice);
      const periodEnd = periodEndOfInvoice(invoice);
      if (!ref || !periodEnd) return NOTHING;
      return {
        customerId: idOf(invoice.customer),
        events: [{ kind: 'paid', provider: 'stripe', ref, periodEnd }],
        payment: paymentOfInvoice(invoice, ref, periodEnd, event.created),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return subscriptionEvent(event.data.object, event.created, false);
    case 'customer.subscription.deleted':
      return subscriptionEvent(event.data.object, event.created, true);
    default:
      return NOTHING;
  }
}
