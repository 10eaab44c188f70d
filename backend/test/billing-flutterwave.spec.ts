import request from 'supertest';
import type { AuthResponse, MobileMoneyPaymentResponse, PlansResponse } from '@kasa/contracts';
import { EntitlementService } from '../src/entitlement';
import { VERIF_HASH_INVALID } from '../src/billing/flutterwave/flutterwave.errors';
import { PHONE_RULE } from '../src/billing/mobile-money/mobile-money.dto';
import {
  approveOnPhone,
  finishOnPage,
  noRoute,
  notAMobileNumber,
  PROVIDER_UNAVAILABLE,
  providerRefused,
  requestSent,
} from '../src/billing/mobile-money/mobile-money-texts';
import { CLOCK, type Clock } from '../src/common';
import { PlanCatalog } from '../src/plans';
import { sql } from './chat-support';
import {
  type FakeFlutterwaveServer,
  type FakeFlutterwaveWebhook,
  startFakeFlutterwave,
} from './support/fake-flutterwave-server';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const SECRET_KEY = 'FLWSECK_TEST-kasa-billing-X';
const SECRET_HASH = 'kasa-webhook-secret-hash';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Pro's XAF price as the migration seeds it (docs/product.md#plans-and-limits). */
const PRO_PRICE_XAF = 2500;

const form = (overrides: Record<string, unknown> = {}) => ({
  phone_number: '+237 650 000 001',
  network: 'MTN',
  email: 'awa@example.cm',
  full_name: 'Awa Nkeng',
  ...overrides,
});

describe('mobile money on Flutterwave (loopback Flutterwave API)', () => {
  let ctx: TestApp;
  let flutterwave: FakeFlutterwaveServer;
  let clock: Clock;
  /** A fixed "now" so the 30 days can be checked to the millisecond. */
  const frozen = new Date('2031-03-10T08:00:00.000Z');
  const http = () => request(ctx.app.getHttpServer());

  const register = () => registerUser(ctx.app, { prefix: 'momo' });

  const planOf = (who: AuthResponse) => ctx.app.get(EntitlementService).planOf(who.user.id, clock.now());
  const proEndOf = async (who: AuthResponse) =>
    (await ctx.app.get(EntitlementService).entitlementOf(who.user.id, clock.now())).subscription
      ?.currentPeriodEnd;

  async function rowsOf(who: AuthResponse) {
    return sql<{ provider: string; provider_ref: string; method: string; status: string }>(
      ctx.databaseUrl,
      `SELECT provider, provider_ref, method, status FROM subscriptions WHERE user_id = $1 ORDER BY created_at`,
      [who.user.id],
    );
  }

  const pay = (who: AuthResponse, body: Record<string, unknown> = form()) =>
    http().post('/api/flutterwave/create-mobile-money-payment').set(bearer(who)).send(body);

  /** Requests a payment and answers its tx_ref. */
  async function requestPayment(who: AuthResponse): Promise<string> {
    await pay(who).expect(200);
    const rows = await rowsOf(who);
    return rows[rows.length - 1].provider_ref;
  }

  const deliver = (
    webhook: FakeFlutterwaveWebhook | Record<string, unknown>,
    hash: string | null = SECRET_HASH,
  ) => {
    const call = http().post('/api/flutterwave/webhook');
    if (hash !== null) call.set('verif-hash', hash);
    return call.send(webhook);
  };

  const verifications = () => flutterwave.requests.filter((call) => call.path.endsWith('/verify'));

  beforeAll(async () => {
    flutterwave = await startFakeFlutterwave({ secretKey: SECRET_KEY });
    ctx = await createTestApp('billing_flutterwave', {
      env: {
        FLUTTERWAVE_SECRET_KEY: SECRET_KEY,
        FLUTTERWAVE_SECRET_HASH: SECRET_HASH,
        FLUTTERWAVE_API_URL: flutterwave.apiUrl,
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    clock = ctx.app.get<Clock>(CLOCK);
    clock.now = () => frozen;
  });

  afterAll(async () => {
    await ctx?.close();
    await flutterwave?.close();
  });

  it('charges XAF 2,500 in Cameroon through mobile_money_franco and tells the user to approve on the phone', async () => {
    const awa = await register();
    const before = flutterwave.requests.length;

    const answer = (await pay(awa).expect(200)).body as MobileMoneyPaymentResponse;

    expect(answer).toEqual({
      success: true,
      message: requestSent('237650000001', PRO_PRICE_XAF),
      instructions: approveOnPhone('MTN', PRO_PRICE_XAF),
    });
    const [charge] = flutterwave.requests.slice(before);
    expect(charge).toMatchObject({
      method: 'POST',
      path: '/v3/charges',
      query: { type: 'mobile_money_franco' },
      authorization: `Bearer ${SECRET_KEY}`,
    });
    expect(charge.body).toEqual({
      tx_ref: expect.stringMatching(/^kasa-[0-9a-f-]{36}$/),
      amount: 2500,
      currency: 'XAF',
      country: 'CM',
      email: 'awa@example.cm',
      phone_number: '237650000001',
      fullname: 'Awa Nkeng',
      network: 'MTN',
      meta: { kasa_user_id: awa.user.id },
    });
    expect(await rowsOf(awa)).toEqual([
      {
        provider: 'flutterwave',
        provider_ref: charge.body!.tx_ref,
        method: 'mobile_money',
        status: 'pending',
      },
    ]);
    expect(await planOf(awa)).toBe('BASIC_PLAN');
  });

  it('passes on the page to finish on when the provider answers with a redirect', async () => {
    const ben = await register();
    flutterwave.script({ kind: 'redirect', url: 'https://checkout.flutterwave.example/momo/abc123' });

    const answer = (await pay(ben, form({ network: 'ORANGE' })).expect(200))
      .body as MobileMoneyPaymentResponse;

    expect(answer).toEqual({
      success: true,
      payment_url: 'https://checkout.flutterwave.example/momo/abc123',
      message: finishOnPage(PRO_PRICE_XAF),
    });
  });

  it('refuses AIRTEL clearly, without asking the provider', async () => {
    const cho = await register();
    const before = flutterwave.requests.length;

    const answer = await pay(cho, form({ network: 'AIRTEL' })).expect(400);

    expect(answer.body).toEqual({
      success: false,
      message: noRoute('AIRTEL'),
      code: 'BILLING_NETWORK_UNSUPPORTED',
    });
    expect(answer.body.message).toMatch(/Airtel Money payments are not available in Cameroon/);
    expect(flutterwave.requests.length).toBe(before);
    expect(await rowsOf(cho)).toHaveLength(0);
  });

  it('charges a number typed without its country code, as +237', async () => {
    const fon = await register();
    const before = flutterwave.requests.length;

    await pay(fon, form({ phone_number: '677123456' })).expect(200);

    const [charge] = flutterwave.requests.slice(before);
    expect(charge.body).toMatchObject({ phone_number: '237677123456', country: 'CM' });
  });

  it('refuses numbers that are no Cameroon mobile number, and invalid forms, with 400', async () => {
    const dio = await register();
    for (const phone_number of ['+234 803 000 0000', '650000001x', '67712345', '222 12 34 56'])
      expect((await pay(dio, form({ phone_number })).expect(400)).body).toEqual({
        success: false,
        message: notAMobileNumber('237'),
        code: 'BILLING_PHONE_INVALID',
      });
    const notText = await pay(dio, form({ phone_number: 677123456 })).expect(400);
    expect(notText.body).toMatchObject({ code: 'VALIDATION_FAILED', message: PHONE_RULE });
    await pay(dio, form({ network: 'VODAFONE' })).expect(400);
    await pay(dio, form({ email: 'not-an-email' })).expect(400);
    await pay(dio, form({ full_name: '   ' })).expect(400);
    await pay(dio, form({ amount: 1 })).expect(400);
    await pay(dio, {}).expect(400);
    await http().post('/api/flutterwave/create-mobile-money-payment').send(form()).expect(401);
    expect(await rowsOf(dio)).toHaveLength(0);
  });

  it('answers the provider’s refusal as {success: false, message}, and its outage as a 502', async () => {
    const eli = await register();
    flutterwave.script({ kind: 'error', status: 400, message: 'Invalid phone number for network' });
    const refused = await pay(eli).expect(400);
    expect(refused.body).toEqual({
      success: false,
      message: providerRefused('Invalid phone number for network'),
      code: 'BILLING_MOBILE_MONEY_REFUSED',
    });

    flutterwave.script({ kind: 'error', status: 500, message: 'Internal server error' });
    const down = await pay(eli).expect(502);
    expect(down.body).toEqual({
      success: false,
      message: PROVIDER_UNAVAILABLE,
      code: 'BILLING_MOBILE_MONEY_UNAVAILABLE',
    });

    expect((await rowsOf(eli)).map((row) => row.status)).toEqual(['failed', 'failed']);
  });

  it('refuses a webhook with a wrong or missing verif-hash (401) and changes nothing', async () => {
    const fon = await register();
    const txRef = await requestPayment(fon);
    const webhook = flutterwave.complete(txRef);
    const before = verifications().length;

    const wrong = await deliver(webhook, 'guessed-hash').expect(401);
    expect(wrong.body).toMatchObject({ code: 'BILLING_WEBHOOK_HASH_INVALID', message: VERIF_HASH_INVALID });
    await deliver(webhook, `${SECRET_HASH}x`).expect(401);
    await deliver(webhook, null).expect(401);

    expect(verifications().length).toBe(before);
    expect((await rowsOf(fon))[0].status).toBe('pending');
    expect(await planOf(fon)).toBe('BASIC_PLAN');
  });

  it('grants 30 days of Pro once the transaction is verified, and a replay changes nothing', async () => {
    const gia = await register();
    const txRef = await requestPayment(gia);
    const webhook = flutterwave.complete(txRef);

    const granted = await deliver(webhook).expect(200);
    expect(granted.body).toEqual({ received: true, outcome: 'granted' });
    const [verification] = verifications().slice(-1);
    expect(verification).toMatchObject({
      method: 'GET',
      path: `/v3/transactions/${flutterwave.transactionOf(txRef).id}/verify`,
      authorization: `Bearer ${SECRET_KEY}`,
    });
    expect(await planOf(gia)).toBe('PRO_PLAN');
    expect(await proEndOf(gia)).toBe(new Date(frozen.getTime() + 30 * DAY_MS).toISOString());

    const replays = await Promise.all(Array.from({ length: 5 }, () => deliver(webhook)));
    expect(replays.map((reply) => reply.body.outcome)).toEqual(Array(5).fill('already-settled'));
    expect(await proEndOf(gia)).toBe(new Date(frozen.getTime() + 30 * DAY_MS).toISOString());
  });

  it('applies a webhook delivered many times at once only once', async () => {
    const hal = await register();
    const webhook = flutterwave.complete(await requestPayment(hal));

    const replies = await Promise.all(Array.from({ length: 8 }, () => deliver(webhook)));

    expect(replies.filter((reply) => reply.body.outcome === 'granted')).toHaveLength(1);
    expect(await proEndOf(hal)).toBe(new Date(frozen.getTime() + 30 * DAY_MS).toISOString());
  });

  it('stacks a second payment on top of the Pro time left', async () => {
    const ivy = await register();
    await deliver(flutterwave.complete(await requestPayment(ivy))).expect(200);
    clock.now = () => new Date(frozen.getTime() + 10 * DAY_MS);
    try {
      await deliver(flutterwave.complete(await requestPayment(ivy))).expect(200);
      expect(await proEndOf(ivy)).toBe(new Date(frozen.getTime() + 60 * DAY_MS).toISOString());
    } finally {
      clock.now = () => frozen;
    }
  });

  it('refuses a verified amount or currency that does not match: the payment fails, no Pro', async () => {
    const jan = await register();
    const short = await deliver(flutterwave.complete(await requestPayment(jan), { amount: 250 })).expect(200);
    expect(short.body.outcome).toBe('refused');
    const naira = await deliver(flutterwave.complete(await requestPayment(jan), { currency: 'NGN' })).expect(
      200,
    );
    expect(naira.body.outcome).toBe('refused');

    expect((await rowsOf(jan)).map((row) => row.status)).toEqual(['failed', 'failed']);
    expect(await planOf(jan)).toBe('BASIC_PLAN');
  });

  it('believes Flutterwave, not the webhook body: a webhook claiming success for a pending payment grants nothing', async () => {
    const kai = await register();
    const txRef = await requestPayment(kai);
    const pending = flutterwave.transactionOf(txRef);
    const claim = flutterwave.webhookFor({ ...pending, status: 'successful' });

    expect((await deliver(claim).expect(200)).body.outcome).toBe('pending');
    expect(await planOf(kai)).toBe('BASIC_PLAN');
    // The real outcome later arrives and is applied.
    expect((await deliver(flutterwave.complete(txRef)).expect(200)).body.outcome).toBe('granted');
  });

  it('marks a declined payment failed', async () => {
    const lea = await register();
    const declined = flutterwave.complete(await requestPayment(lea), { status: 'failed' });
    expect((await deliver(declined).expect(200)).body.outcome).toBe('failed');
    expect((await rowsOf(lea))[0].status).toBe('failed');
  });

  it("charges and verifies Pro's price in the plan table: a new price_xaf is what is asked, shown and required", async () => {
    const catalog = ctx.app.get(PlanCatalog);
    await sql(ctx.databaseUrl, `UPDATE plans SET price_xaf = 3000 WHERE id = 'PRO_PLAN'`);
    await catalog.reload();
    try {
      const max = await register();
      const before = flutterwave.requests.length;

      const answer = (await pay(max).expect(200)).body as MobileMoneyPaymentResponse;

      expect(answer).toEqual({
        success: true,
        message: requestSent('237650000001', 3000),
        instructions: approveOnPhone('MTN', 3000),
      });
      expect(answer.message).toContain('₣3,000');
      const [charge] = flutterwave.requests.slice(before);
      expect(charge.body).toMatchObject({ amount: 3000, currency: 'XAF', country: 'CM' });
      const plans = (await http().get('/api/subscription/plans').expect(200)).body as PlansResponse;
      expect(plans.plans.find((plan) => plan.id === 'PRO_PLAN')?.priceXaf).toBe(3000);

      // The old price no longer buys Pro; the table's does.
      const underpaid = flutterwave.complete(String(charge.body!.tx_ref), { amount: PRO_PRICE_XAF });
      expect((await deliver(underpaid).expect(200)).body.outcome).toBe('refused');
      expect(await planOf(max)).toBe('BASIC_PLAN');
      const paid = flutterwave.complete(await requestPayment(max));
      expect(flutterwave.transactionOf(String(paid.data.tx_ref)).amount).toBe(3000);
      expect((await deliver(paid).expect(200)).body.outcome).toBe('granted');
      expect(await planOf(max)).toBe('PRO_PLAN');
    } finally {
      await sql(ctx.databaseUrl, `UPDATE plans SET price_xaf = $1 WHERE id = 'PRO_PLAN'`, [PRO_PRICE_XAF]);
      await catalog.reload();
    }
  });

  it('ignores other events, answers 200 to unknown transactions, and 400 to a charge without id', async () => {
    expect((await deliver({ event: 'transfer.completed', data: { id: 1 } }).expect(200)).body.outcome).toBe(
      'ignored',
    );
    expect(
      (await deliver({ event: 'charge.completed', data: { id: 999_999_999 } }).expect(200)).body.outcome,
    ).toBe('unknown');
    await deliver({ event: 'charge.completed', data: { id: '../../v3/balances' } }).expect(400);
  });
});
