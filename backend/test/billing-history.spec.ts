import Stripe from 'stripe';
import request from 'supertest';
import type {
  AuthResponse,
  BillingHistoryResponse,
  BillingRecord,
  CreateSubscriptionResponse,
  MobileMoneyPaymentResponse,
} from '@kasa/contracts';
import { CLOCK, type Clock } from '../src/common';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeStripeServer, startFakeStripe } from './support/fake-stripe-server';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * GET /api/account/billing-history: one payment record per payment made or refused, written by
 * the payment flows themselves (Stripe webhooks, the sandbox checkout, mobile money settlement).
 */

const SECRET_KEY = 'sk_test_kasa_history';
const WEBHOOK_SECRET = 'whsec_kasa_history_test';
const PRICE_ID = 'price_kasa_pro_history';
const DAY_MS = 24 * 60 * 60 * 1000;
const signer = new Stripe('sk_test_signer_only');

const historyOf = async (ctx: TestApp, who: AuthResponse): Promise<BillingRecord[]> =>
  (
    (await request(ctx.app.getHttpServer()).get('/api/account/billing-history').set(bearer(who)).expect(200))
      .body as BillingHistoryResponse
  ).payments;

/** The sandbox page's form POST, as the browser sends it. */
const decide = (ctx: TestApp, checkoutUrl: string, decision: 'approve' | 'decline') =>
  request(ctx.app.getHttpServer()).post(`${checkoutUrl}/${decision}`).type('form').send('').expect(303);

async function mobileMoneyCheckout(ctx: TestApp, who: AuthResponse): Promise<string> {
  const answer = (
    await request(ctx.app.getHttpServer())
      .post('/api/flutterwave/create-mobile-money-payment')
      .set(bearer(who))
      .send({ phone_number: '+237650000003', network: 'MTN', email: 'eto@example.cm', full_name: 'Eto Mbe' })
      .expect(200)
  ).body as MobileMoneyPaymentResponse;
  return answer.checkoutUrl!;
}

describe('billing history with Stripe cards and sandbox mobile money', () => {
  let ctx: TestApp;
  let stripe: FakeStripeServer;
  const http = () => request(ctx.app.getHttpServer());
  const register = () => registerUser(ctx.app, { prefix: 'hist' });

  function deliver(event: Stripe.Event) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload)
      .expect(200);
  }

  async function subscribe(who: AuthResponse) {
    await http().post('/api/subscription/create').set(bearer(who)).expect(200);
    const [row] = await sql<{ provider_ref: string }>(
      ctx.databaseUrl,
      `SELECT provider_ref FROM subscriptions WHERE user_id = $1 AND provider = 'stripe'`,
      [who.user.id],
    );
    return { subscriptionId: row.provider_ref, ...stripe.payFirstInvoice(row.provider_ref) };
  }

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY, priceId: PRICE_ID });
    ctx = await createTestApp('billing_history', {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_ID: PRICE_ID,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_kasa_history',
        STRIPE_API_URL: stripe.apiUrl,
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
  });

  it('is empty before any payment, and needs a sign-in', async () => {
    const nia = await register();
    expect(await historyOf(ctx, nia)).toEqual([]);
    const anonymous = await http().get('/api/account/billing-history').expect(401);
    expect(anonymous.body).toMatchObject({ code: 'AUTH_NOT_SIGNED_IN' });
  });

  it('records a paid Stripe invoice once, however often and under whichever event Stripe sends it', async () => {
    const ama = await register();
    const { subscriptionId, invoicePaid } = await subscribe(ama);

    await deliver(invoicePaid);
    expect((await deliver(invoicePaid)).body).toEqual({ received: true, duplicate: true });
    // Stripe also sends invoice.payment_succeeded for the same invoice, under another event id.
    await deliver(stripe.event('invoice.payment_succeeded', invoicePaid.data.object));

    const invoice = invoicePaid.data.object as Stripe.Invoice;
    const [line] = invoice.lines.data;
    expect(await historyOf(ctx, ama)).toEqual([
      {
        id: expect.any(String),
        date: new Date(invoicePaid.created * 1000).toISOString(),
        method: 'card',
        provider: 'stripe',
        amount: 4,
        currency: 'USD',
        status: 'paid',
        periodStart: new Date(line.period.start * 1000).toISOString(),
        periodEnd: new Date(line.period.end * 1000).toISOString(),
      },
    ]);
    const [stored] = await sql<{ provider_ref: string; amount_minor: string; subscription_id: string }>(
      ctx.databaseUrl,
      `SELECT provider_ref, amount_minor, subscription_id FROM payment_records WHERE user_id = $1`,
      [ama.user.id],
    );
    expect(stored.provider_ref).toBe(invoice.id);
    expect(Number(stored.amount_minor)).toBe(400);
    const [subscription] = await sql<{ id: string }>(
      ctx.databaseUrl,
      `SELECT id FROM subscriptions WHERE provider_ref = $1`,
      [subscriptionId],
    );
    expect(stored.subscription_id).toBe(subscription.id);
  });

  it('lists each renewal as a payment of its own, newest first', async () => {
    const ben = await register();
    const { subscriptionId, invoicePaid } = await subscribe(ben);
    await deliver(invoicePaid);
    const renewal = stripe.renew(subscriptionId);
    // The renewal invoice is dated a second later, as Stripe would (its payment comes after).
    await deliver({ ...renewal.invoicePaid, created: invoicePaid.created + 1 });

    const history = await historyOf(ctx, ben);
    expect(history).toHaveLength(2);
    const renewedLine = (renewal.invoicePaid.data.object as Stripe.Invoice).lines.data[0];
    expect(history[0]).toMatchObject({
      status: 'paid',
      amount: 4,
      periodEnd: new Date(renewedLine.period.end * 1000).toISOString(),
    });
    expect(new Date(history[0].date) > new Date(history[1].date)).toBe(true);
    expect(history[0].periodStart).toBe(history[1].periodEnd);
  });

  it('records a mobile-money payment at XAF 2,500 with the 30 days it bought, and a refused one without a period', async () => {
    const eto = await register();
    await decide(ctx, await mobileMoneyCheckout(ctx, eto), 'approve');
    const [paid] = await historyOf(ctx, eto);
    expect(paid).toMatchObject({
      method: 'mobile_money',
      provider: 'sandbox',
      amount: 2500,
      currency: 'XAF',
      status: 'paid',
    });
    expect(new Date(paid.periodEnd!).getTime() - new Date(paid.periodStart!).getTime()).toBe(30 * DAY_MS);

    await decide(ctx, await mobileMoneyCheckout(ctx, eto), 'decline');
    const history = await historyOf(ctx, eto);
    expect(history).toHaveLength(2);
    expect(history.find((record) => record.status === 'failed')).toMatchObject({
      method: 'mobile_money',
      amount: 2500,
      currency: 'XAF',
      periodStart: null,
      periodEnd: null,
    });
  });

  it("shows a user none of another user's payments", async () => {
    const owner = await register();
    await deliver((await subscribe(owner)).invoicePaid);
    await decide(ctx, await mobileMoneyCheckout(ctx, owner), 'approve');
    expect(await historyOf(ctx, owner)).toHaveLength(2);

    const stranger = await register();
    expect(await historyOf(ctx, stranger)).toEqual([]);
  });
});

describe('billing history with the sandbox card checkout', () => {
  let ctx: TestApp;
  let clock: Clock;
  const frozen = new Date('2031-06-01T12:00:00.000Z');
  const register = () => registerUser(ctx.app, { prefix: 'hsbx' });

  async function cardCheckout(who: AuthResponse): Promise<string> {
    const answer = (
      await request(ctx.app.getHttpServer()).post('/api/subscription/create').set(bearer(who)).expect(200)
    ).body as CreateSubscriptionResponse;
    return answer.checkoutUrl!;
  }

  beforeAll(async () => {
    ctx = await createTestApp('billing_history_sandbox', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    clock = ctx.app.get<Clock>(CLOCK);
    clock.now = () => frozen;
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('records an approved card checkout once, at USD 4 for the 30 days it bought', async () => {
    const ada = await register();
    const checkoutUrl = await cardCheckout(ada);
    await decide(ctx, checkoutUrl, 'approve');
    await decide(ctx, checkoutUrl, 'approve');
    // Declining a paid checkout changes nothing, in the history too.
    await decide(ctx, checkoutUrl, 'decline');

    expect(await historyOf(ctx, ada)).toEqual([
      {
        id: expect.any(String),
        date: frozen.toISOString(),
        method: 'card',
        provider: 'sandbox',
        amount: 4,
        currency: 'USD',
        status: 'paid',
        periodStart: frozen.toISOString(),
        periodEnd: new Date(frozen.getTime() + 30 * DAY_MS).toISOString(),
      },
    ]);
  });

  it('records a declined card checkout as failed, without a period, and nothing more if approved after', async () => {
    const bea = await register();
    const checkoutUrl = await cardCheckout(bea);
    await decide(ctx, checkoutUrl, 'decline');
    await decide(ctx, checkoutUrl, 'approve');

    expect(await historyOf(ctx, bea)).toEqual([
      expect.objectContaining({
        method: 'card',
        provider: 'sandbox',
        amount: 4,
        currency: 'USD',
        status: 'failed',
        periodStart: null,
        periodEnd: null,
      }),
    ]);
  });
});
