import Stripe from 'stripe';
import request from 'supertest';
import type { AuthResponse, CancelSubscriptionResponse, CreateSubscriptionResponse } from '@kasa/contracts';
import { EntitlementService } from '../src/entitlement';
import { NO_CARD_SUBSCRIPTION } from '../src/billing/card/card.errors';
import { STRIPE_REFUSED, STRIPE_SIGNATURE_INVALID } from '../src/billing/stripe/stripe.errors';
import { CLOCK, type Clock } from '../src/common';
import { sql } from './chat-support';
import { type FakeStripeServer, startFakeStripe } from './support/fake-stripe-server';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const SECRET_KEY = 'sk_test_kasa_billing';
const WEBHOOK_SECRET = 'whsec_kasa_billing_test';
const PRICE_ID = 'price_kasa_pro_monthly';

/** Only used to sign test webhooks the way Stripe does (its own helper). */
const signer = new Stripe('sk_test_signer_only');

describe('card payments on Stripe (loopback Stripe API)', () => {
  let ctx: TestApp;
  let stripe: FakeStripeServer;
  let clock: Clock;
  const realNow = () => new Date();
  const http = () => request(ctx.app.getHttpServer());

  const register = (email: string | null = null) => registerUser(ctx.app, { prefix: 'card', email });

  const planOf = (who: AuthResponse) => ctx.app.get(EntitlementService).planOf(who.user.id, clock.now());

  async function rowsOf(who: AuthResponse) {
    return sql<{
      provider_ref: string;
      status: string;
      current_period_end: Date | null;
      cancel_at_period_end: boolean;
    }>(
      ctx.databaseUrl,
      `SELECT provider_ref, status, current_period_end, cancel_at_period_end FROM subscriptions WHERE user_id = $1 ORDER BY created_at`,
      [who.user.id],
    );
  }

  async function createCheckout(who: AuthResponse): Promise<CreateSubscriptionResponse> {
    return (await http().post('/api/subscription/create').set(bearer(who)).expect(200))
      .body as CreateSubscriptionResponse;
  }

  /** Checkout, then the Payment Element pays: the subscription id and the events Stripe sends. */
  async function subscribe(who: AuthResponse) {
    await createCheckout(who);
    const [row] = await rowsOf(who);
    return { subscriptionId: row.provider_ref, ...stripe.payFirstInvoice(row.provider_ref) };
  }

  function deliver(event: Stripe.Event, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
  }

  const stripeCalls = (method: string, pathPrefix: string) =>
    stripe.requests.filter((call) => call.method === method && call.path.startsWith(pathPrefix));

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY, priceId: PRICE_ID });
    ctx = await createTestApp('billing_stripe', {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_ID: PRICE_ID,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_kasa_billing',
        STRIPE_API_URL: stripe.apiUrl,
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    clock = ctx.app.get<Clock>(CLOCK);
  });

  afterEach(() => {
    clock.now = realNow;
  });

  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
  });

  it('creates the customer and an incomplete subscription to the price, and answers its client secret', async () => {
    const alice = await register('alice@example.com');
    const before = stripe.requests.length;
    const answer = await createCheckout(alice);

    expect(answer).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });
    const calls = stripe.requests.slice(before);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/subscriptions',
    ]);
    expect(calls[0].authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(calls[0].params).toMatchObject({
      name: alice.user.username,
      email: 'alice@example.com',
      'metadata[kasa_user_id]': alice.user.id,
    });
    expect(calls[0].idempotencyKey).toBe(`kasa-customer-${alice.user.id}`);
    expect(calls[1].params).toMatchObject({
      'items[0][price]': PRICE_ID,
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[kasa_user_id]': alice.user.id,
    });
    const [row] = await rowsOf(alice);
    expect(row).toMatchObject({ status: 'pending', current_period_end: null });
    expect(stripe.subscription(row.provider_ref).customer).toBe(calls[1].params.customer);
    expect(await planOf(alice)).toBe('BASIC_PLAN');
  });

  it('resumes the pending checkout when the user clicks again, even at once', async () => {
    const bob = await register();
    const first = await createCheckout(bob);
    const again = await Promise.all([createCheckout(bob), createCheckout(bob), createCheckout(bob)]);

    for (const answer of again) expect(answer).toEqual(first);
    expect(await rowsOf(bob)).toHaveLength(1);
    const customers = await sql(ctx.databaseUrl, `SELECT * FROM stripe_customers WHERE user_id = $1`, [
      bob.user.id,
    ]);
    expect(customers).toHaveLength(1);
  });

  it('makes a user Pro when the invoice is paid, until the end of the period it paid for', async () => {
    const carol = await register();
    const { subscriptionId, invoicePaid } = await subscribe(carol);
    expect(await planOf(carol)).toBe('BASIC_PLAN');

    expect((await deliver(invoicePaid).expect(200)).body).toEqual({ received: true });
    expect(await planOf(carol)).toBe('PRO_PLAN');
    const periodEnd = stripe.subscription(subscriptionId).items.data[0].current_period_end * 1000;
    const [row] = await rowsOf(carol);
    expect(row).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(row.current_period_end?.getTime()).toBe(periodEnd);

    clock.now = () => new Date(periodEnd + 1000);
    expect(await planOf(carol)).toBe('BASIC_PLAN');
  });

  it('extends Pro at a renewal only once the renewal invoice is paid', async () => {
    const cal = await register();
    const { subscriptionId, invoicePaid, subscriptionUpdated } = await subscribe(cal);
    await deliver(subscriptionUpdated).expect(200);
    await deliver(invoicePaid).expect(200);
    const firstEnd = (await rowsOf(cal))[0].current_period_end!.getTime();

    const renewal = stripe.renew(subscriptionId);
    await deliver(renewal.subscriptionUpdated).expect(200);
    expect((await rowsOf(cal))[0].current_period_end?.getTime()).toBe(firstEnd);

    await deliver(renewal.invoicePaid).expect(200);
    const secondEnd = stripe.subscription(subscriptionId).items.data[0].current_period_end * 1000;
    expect(secondEnd).toBeGreaterThan(firstEnd);
    expect((await rowsOf(cal))[0].current_period_end?.getTime()).toBe(secondEnd);
    clock.now = () => new Date(firstEnd + 1000);
    expect(await planOf(cal)).toBe('PRO_PLAN');
  });

  it('answers nothing to a Pro user who asks for a checkout ("Already Subscribed")', async () => {
    const dan = await register();
    const { invoicePaid } = await subscribe(dan);
    await deliver(invoicePaid).expect(200);
    const before = stripe.requests.length;

    expect(await createCheckout(dan)).toEqual({});
    expect(stripe.requests.length).toBe(before);
  });

  it('cancels at the period end: Pro until then, Basic after', async () => {
    const erin = await register();
    const { subscriptionId, invoicePaid } = await subscribe(erin);
    await deliver(invoicePaid).expect(200);
    const periodEnd = stripe.subscription(subscriptionId).items.data[0].current_period_end * 1000;

    const answer = (await http().post('/api/subscription/cancel').set(bearer(erin)).expect(200))
      .body as CancelSubscriptionResponse;
    expect(answer).toEqual({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd).toISOString() });
    const [update] = stripeCalls('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(update.params).toEqual({ cancel_at_period_end: 'true' });
    expect(stripe.subscription(subscriptionId).cancel_at_period_end).toBe(true);
    expect(await planOf(erin)).toBe('PRO_PLAN');

    // Stripe confirms with customer.subscription.updated; the user stays Pro until the end.
    await deliver(stripe.event('customer.subscription.updated', stripe.subscription(subscriptionId))).expect(
      200,
    );
    expect((await rowsOf(erin))[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await planOf(erin)).toBe('PRO_PLAN');
    const twice = await http().post('/api/subscription/cancel').set(bearer(erin)).expect(409);
    expect(twice.body).toMatchObject({
      code: 'BILLING_ALREADY_CANCELLED',
      message: expect.stringMatching(/already cancelled/),
    });

    clock.now = () => new Date(periodEnd + 1000);
    expect(await planOf(erin)).toBe('BASIC_PLAN');
    // At the period end Stripe deletes the subscription.
    await deliver(stripe.delete(subscriptionId)).expect(200);
    expect((await rowsOf(erin))[0].status).toBe('canceled');
    const none = await http().post('/api/subscription/cancel').set(bearer(erin)).expect(404);
    expect(none.body).toMatchObject({ code: 'BILLING_NO_CARD_SUBSCRIPTION', message: NO_CARD_SUBSCRIPTION });
  });

  it('makes a user Basic at once when the subscription is deleted', async () => {
    const fay = await register();
    const { subscriptionId, invoicePaid, subscriptionUpdated } = await subscribe(fay);
    await deliver(subscriptionUpdated).expect(200);
    await deliver(invoicePaid).expect(200);
    expect(await planOf(fay)).toBe('PRO_PLAN');

    await deliver(stripe.delete(subscriptionId)).expect(200);
    expect(await planOf(fay)).toBe('BASIC_PLAN');
    // A late copy of the paid invoice does not bring a deleted subscription back.
    await deliver(stripe.event('invoice.paid', invoicePaid.data.object)).expect(200);
    expect(await planOf(fay)).toBe('BASIC_PLAN');
  });

  it('applies an event delivered 10 times at once only once', async () => {
    const gus = await register();
    const { subscriptionId, invoicePaid } = await subscribe(gus);

    const paid = await Promise.all(Array.from({ length: 10 }, () => deliver(invoicePaid)));
    expect(paid.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(paid.filter((response) => !response.body.duplicate)).toHaveLength(1);
    expect(await planOf(gus)).toBe('PRO_PLAN');

    const deleted = stripe.delete(subscriptionId);
    const ends = await Promise.all(Array.from({ length: 10 }, () => deliver(deleted)));
    expect(ends.filter((response) => !response.body.duplicate)).toHaveLength(1);
    expect(await planOf(gus)).toBe('BASIC_PLAN');
    const events = await sql<{ event_id: string }>(
      ctx.databaseUrl,
      `SELECT event_id FROM payment_events WHERE provider = 'stripe' AND event_id = ANY($1)`,
      [[invoicePaid.id, deleted.id]],
    );
    expect(events).toHaveLength(2);
  });

  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    const hal = await register();
    const { invoicePaid } = await subscribe(hal);

    const wrongSecret = await deliver(invoicePaid, 'whsec_somebody_else').expect(400);
    expect(wrongSecret.body).toMatchObject({
      code: 'BILLING_WEBHOOK_SIGNATURE_INVALID',
      message: STRIPE_SIGNATURE_INVALID,
    });
    await http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(invoicePaid))
      .expect(400);
    // A valid signature of other bytes: the body was altered on the way.
    const signature = signer.webhooks.generateTestHeaderString({ payload: '{}', secret: WEBHOOK_SECRET });
    await http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(JSON.stringify(invoicePaid))
      .expect(400);

    expect(await planOf(hal)).toBe('BASIC_PLAN');
    expect((await rowsOf(hal))[0].status).toBe('pending');
    const recorded = await sql(ctx.databaseUrl, `SELECT 1 FROM payment_events WHERE event_id = $1`, [
      invoicePaid.id,
    ]);
    expect(recorded).toHaveLength(0);
  });

  it('ignores a subscription state older than the one applied (webhooks arrive out of order)', async () => {
    const ian = await register();
    const { subscriptionId, invoicePaid } = await subscribe(ian);
    await deliver(invoicePaid).expect(200);
    const active = { ...stripe.subscription(subscriptionId) };
    const created = Math.floor(Date.now() / 1000);

    await deliver(
      stripe.event('customer.subscription.updated', { ...active, cancel_at_period_end: true }, created + 10),
    ).expect(200);
    await deliver(stripe.event('customer.subscription.updated', active, created)).expect(200);

    expect((await rowsOf(ian))[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it('answers 200 to event types it does not act on, and records nothing', async () => {
    const event = stripe.event('payment_intent.created', { id: 'pi_123', object: 'payment_intent' });
    expect((await deliver(event).expect(200)).body).toEqual({ received: true });
    expect(
      await sql(ctx.databaseUrl, `SELECT 1 FROM payment_events WHERE event_id = $1`, [event.id]),
    ).toHaveLength(0);
  });

  it('records a paid subscription made outside the checkout for the customer’s user', async () => {
    const jo = await register();
    await createCheckout(jo);
    const [{ customer_id: customerId }] = await sql<{ customer_id: string }>(
      ctx.databaseUrl,
      `SELECT customer_id FROM stripe_customers WHERE user_id = $1`,
      [jo.user.id],
    );
    const outside = stripe.createPaidSubscription(customerId);

    await deliver(stripe.event('customer.subscription.created', outside)).expect(200);
    expect(await planOf(jo)).toBe('PRO_PLAN');
  });

  it('starts a new checkout when the pending one expired at Stripe', async () => {
    const kim = await register();
    const first = await createCheckout(kim);
    const [pending] = await rowsOf(kim);
    stripe.expire(pending.provider_ref);

    const second = await createCheckout(kim);
    expect(second.clientSecret).toBeDefined();
    expect(second.clientSecret).not.toBe(first.clientSecret);
    const rows = await rowsOf(kim);
    expect(rows.map((row) => row.status)).toEqual(['canceled', 'pending']);
  });

  it('answers a clear 502 when Stripe refuses, and never a 500', async () => {
    const lou = await register();
    stripe.failNext({ status: 400, type: 'invalid_request_error', message: 'No such price' });
    const refused = await http().post('/api/subscription/create').set(bearer(lou)).expect(502);
    expect(refused.body).toMatchObject({ code: 'BILLING_PROVIDER_REFUSED', message: STRIPE_REFUSED });
    expect(await rowsOf(lou)).toHaveLength(0);
  });

  it('needs a signed-in user to check out or cancel', async () => {
    await http().post('/api/subscription/create').expect(401);
    await http().post('/api/subscription/cancel').expect(401);
  });
});
