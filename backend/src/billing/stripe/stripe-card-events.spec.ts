import type Stripe from 'stripe';
import { stateOfSubscription, translateStripeEvent } from './stripe-card-events';

const event = (type: string, object: unknown, created = 1_900_000_000) =>
  ({ id: 'evt_1', object: 'event', type, created, data: { object } }) as unknown as Stripe.Event;

const invoice = (overrides: Record<string, unknown> = {}) => ({
  id: 'in_1',
  object: 'invoice',
  customer: 'cus_1',
  period_end: 1_800_000_000,
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
  lines: {
    data: [
      { period: { start: 1_800_000_000, end: 1_802_592_000 } },
      { period: { start: 1_800_000_000, end: 1_802_000_000 } },
    ],
  },
  ...overrides,
});

const subscription = (overrides: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  customer: { id: 'cus_1' },
  status: 'active',
  cancel_at_period_end: false,
  items: { data: [{ current_period_end: 1_802_592_000 }] },
  ...overrides,
});

describe('translateStripeEvent', () => {
  it('reads a paid invoice as paid until the latest end among its lines (not the invoice period_end)', () => {
    for (const type of ['invoice.paid', 'invoice.payment_succeeded'])
      expect(translateStripeEvent(event(type, invoice()))).toEqual({
        customerId: 'cus_1',
        events: [{ kind: 'paid', provider: 'stripe', ref: 'sub_1', periodEnd: new Date(1_802_592_000_000) }],
      });
  });

  it('reads the payment of a paid invoice: amount paid, upper-cased currency, the period of its lines', () => {
    const paid = invoice({
      amount_paid: 400,
      currency: 'usd',
      status_transitions: { paid_at: 1_800_000_100 },
    });
    expect(translateStripeEvent(event('invoice.paid', paid)).payment).toEqual({
      invoiceId: 'in_1',
      subscriptionRef: 'sub_1',
      amountMinor: 400,
      currency: 'USD',
      periodStart: new Date(1_800_000_000_000),
      periodEnd: new Date(1_802_592_000_000),
      paidAt: new Date(1_800_000_100_000),
    });
    // No paid_at on the invoice: the event's time.
    const withoutPaidAt = invoice({ amount_paid: 2500, currency: 'xaf' });
    expect(translateStripeEvent(event('invoice.payment_succeeded', withoutPaidAt)).payment).toMatchObject({
      amountMinor: 2500,
      currency: 'XAF',
      paidAt: new Date(1_900_000_000_000),
    });
    // A payload without an amount records no payment (Pro is still granted).
    const translated = translateStripeEvent(event('invoice.paid', invoice()));
    expect(translated.payment).toBeUndefined();
    expect(translated.events).toHaveLength(1);
  });

  it('finds the subscription on the invoice lines when the invoice has no parent', () => {
    const lineParent = { subscription_item_details: { subscription: 'sub_9' } };
    const translated = translateStripeEvent(
      event(
        'invoice.paid',
        invoice({ parent: null, lines: { data: [{ period: { end: 10 }, parent: lineParent }] } }),
      ),
    );
    expect(translated.events).toEqual([
      expect.objectContaining({ ref: 'sub_9', periodEnd: new Date(10_000) }),
    ]);
  });

  it('ignores invoices that bill no subscription', () => {
    expect(translateStripeEvent(event('invoice.paid', invoice({ parent: null }))).events).toEqual([]);
  });

  it('reads subscription updates with their state, period end, cancel flag and event time', () => {
    const translated = translateStripeEvent(
      event('customer.subscription.updated', subscription({ cancel_at_period_end: true })),
    );
    expect(translated).toEqual({
      customerId: 'cus_1',
      events: [
        {
          kind: 'state',
          provider: 'stripe',
          ref: 'sub_1',
          state: 'active',
          periodEnd: new Date(1_802_592_000_000),
          cancelAtPeriodEnd: true,
          at: new Date(1_900_000_000_000),
        },
      ],
    });
  });

  it('ends the subscription on deletion whatever status it carries', () => {
    const [deleted] = translateStripeEvent(event('customer.subscription.deleted', subscription())).events;
    expect(deleted).toMatchObject({ kind: 'state', state: 'ended' });
  });

  it('ignores every other event type', () => {
    expect(translateStripeEvent(event('charge.succeeded', {}))).toEqual({ customerId: null, events: [] });
  });
});

describe('stateOfSubscription', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['canceled', 'ended'],
    ['incomplete_expired', 'ended'],
    ['incomplete', 'unchanged'],
    ['past_due', 'unchanged'],
    ['unpaid', 'unchanged'],
    ['paused', 'unchanged'],
  ] as const)('%s → %s', (status, state) => {
    expect(stateOfSubscription(status)).toBe(state);
  });
});
