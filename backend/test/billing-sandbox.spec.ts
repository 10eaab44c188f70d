import request from 'supertest';
import type {
  AuthResponse,
  CancelSubscriptionResponse,
  CreateSubscriptionResponse,
  MobileMoneyPaymentResponse,
} from '@kasa/contracts';
import { EntitlementService } from '../src/entitlement';
import { NO_CARD_SUBSCRIPTION } from '../src/billing/card/card.errors';
import { FLUTTERWAVE_NOT_CONFIGURED } from '../src/billing/flutterwave/flutterwave.errors';
import {
  approveInSandbox,
  noRoute,
  notAMobileNumber,
  requestSent,
} from '../src/billing/mobile-money/mobile-money-texts';
import { NOT_A_CHECKOUT_LINK } from '../src/billing/sandbox/sandbox-checkout.controller';
import { STRIPE_NOT_CONFIGURED } from '../src/billing/stripe/stripe.errors';
import { CLOCK, type Clock } from '../src/common';
import { PlanCatalog } from '../src/plans';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECKOUT_URL = /^\/api\/billing\/sandbox\/checkout\/[A-Za-z0-9_-]{32}$/;

describe('sandbox checkout (no payment keys configured)', () => {
  let ctx: TestApp;
  let clock: Clock;
  const frozen = new Date('2031-06-01T12:00:00.000Z');
  const http = () => request(ctx.app.getHttpServer());

  const register = () => registerUser(ctx.app, { prefix: 'sbx' });

  const entitlementOf = (who: AuthResponse) =>
    ctx.app.get(EntitlementService).entitlementOf(who.user.id, clock.now());
  const planOf = async (who: AuthResponse) => (await entitlementOf(who)).plan;
  const inDays = (days: number) => new Date(frozen.getTime() + days * DAY_MS).toISOString();

  async function cardCheckout(who: AuthResponse): Promise<CreateSubscriptionResponse> {
    return (await http().post('/api/subscription/create').set(bearer(who)).expect(200))
      .body as CreateSubscriptionResponse;
  }

  async function mobileMoneyCheckout(who: AuthResponse): Promise<MobileMoneyPaymentResponse> {
    return (
      await http()
        .post('/api/flutterwave/create-mobile-money-payment')
        .set(bearer(who))
        .send({
          // As people type it: national, with spaces (read as +237 650 00 00 02).
          phone_number: '650 00 00 02',
          network: 'ORANGE',
          email: 'ngo@example.cm',
          full_name: 'Ngo Bassa',
        })
        .expect(200)
    ).body as MobileMoneyPaymentResponse;
  }

  /** The sandbox page's form POST, as the browser sends it (urlencoded, no token). */
  const decide = (checkoutUrl: string, decision: 'approve' | 'decline') =>
    http().post(`${checkoutUrl}/${decision}`).type('form').send('');

  beforeAll(async () => {
    ctx = await createTestApp('billing_sandbox', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    clock = ctx.app.get<Clock>(CLOCK);
  });

  beforeEach(() => {
    clock.now = () => frozen;
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('card: create answers a sandbox secret and the checkout page, the same one on a second click', async () => {
    const ada = await register();
    const answer = await cardCheckout(ada);

    expect(answer.checkoutUrl).toMatch(CHECKOUT_URL);
    expect(answer.clientSecret).toBe(`sandbox_${answer.checkoutUrl!.split('/').pop()}`);
    expect(await cardCheckout(ada)).toEqual(answer);
    expect(await planOf(ada)).toBe('BASIC_PLAN');
  });

  it('card: the page is plain HTML, labelled as a sandbox, with Approve and Decline forms and no script', async () => {
    const bea = await register();
    const { checkoutUrl } = await cardCheckout(bea);

    const page = await http().get(checkoutUrl!).expect(200);

    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('Sandbox checkout: no money moves.');
    expect(page.text).toContain('Pay $4 with Credit Card');
    expect(page.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.text).toContain(`<form method="post" action="${checkoutUrl}/approve">`);
    expect(page.text).toContain(`<form method="post" action="${checkoutUrl}/decline">`);
    expect(page.text).not.toMatch(/<script|onclick=|javascript:/i);
  });

  it('card: approving makes the user Pro for 30 days (cancellable) and sends the browser to /subscription?success=true', async () => {
    const cy = await register();
    const { checkoutUrl } = await cardCheckout(cy);

    const approved = await decide(checkoutUrl!, 'approve').expect(303);

    expect(approved.headers.location).toBe('/subscription?success=true');
    expect((await entitlementOf(cy)).subscription).toEqual({
      method: 'card',
      provider: 'sandbox',
      currentPeriodEnd: inDays(30),
      cancelAtPeriodEnd: false,
      cancellable: true,
    });
    expect(await cardCheckout(cy)).toEqual({});

    // A second approval, even days later, grants nothing more.
    clock.now = () => new Date(frozen.getTime() + 5 * DAY_MS);
    expect((await decide(checkoutUrl!, 'approve').expect(303)).headers.location).toBe(
      '/subscription?success=true',
    );
    expect((await entitlementOf(cy)).subscription?.currentPeriodEnd).toBe(inDays(30));
    const page = await http().get(checkoutUrl!).expect(200);
    expect(page.text).toContain('This payment was approved.');
    expect(page.text).not.toContain('<form');
  });

  it('card: cancelling keeps Pro until the period end, then Basic', async () => {
    const dee = await register();
    const { checkoutUrl } = await cardCheckout(dee);
    await decide(checkoutUrl!, 'approve').expect(303);

    const cancelled = (await http().post('/api/subscription/cancel').set(bearer(dee)).expect(200))
      .body as CancelSubscriptionResponse;

    expect(cancelled).toEqual({ cancelAtPeriodEnd: true, currentPeriodEnd: inDays(30) });
    expect((await entitlementOf(dee)).subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      cancellable: false,
    });
    clock.now = () => new Date(frozen.getTime() + 30 * DAY_MS + 1);
    expect(await planOf(dee)).toBe('BASIC_PLAN');
  });

  it('card: declining leaves the user Basic, sends the browser to /subscription?payment=declined, and cannot be approved after', async () => {
    const eve = await register();
    const { checkoutUrl } = await cardCheckout(eve);

    const declined = await decide(checkoutUrl!, 'decline').expect(303);
    expect(declined.headers.location).toBe('/subscription?payment=declined');
    expect(await planOf(eve)).toBe('BASIC_PLAN');

    expect((await decide(checkoutUrl!, 'approve').expect(303)).headers.location).toBe(
      '/subscription?payment=declined',
    );
    expect(await planOf(eve)).toBe('BASIC_PLAN');
    expect((await http().get(checkoutUrl!).expect(200)).text).toContain('This payment was declined.');
    // The next click starts a fresh checkout.
    expect((await cardCheckout(eve)).checkoutUrl).not.toBe(checkoutUrl);
  });

  it('mobile money: answers the request-sent texts and the page standing in for the phone', async () => {
    const fru = await register();
    const answer = await mobileMoneyCheckout(fru);

    expect(answer).toEqual({
      success: true,
      message: requestSent('237650000002', 2500),
      instructions: approveInSandbox('ORANGE', 2500),
      checkoutUrl: expect.stringMatching(CHECKOUT_URL),
    });
    expect(answer.payment_url).toBeUndefined();
    const page = await http().get(answer.checkoutUrl!).expect(200);
    expect(page.text).toContain('Pay ₣2,500 via Mobile Money');
    expect(page.text).toContain('Sandbox checkout: no money moves.');
  });

  it('mobile money: approving grants 30 days of Pro once and sends the browser to /subscription', async () => {
    const gbe = await register();
    const { checkoutUrl } = await mobileMoneyCheckout(gbe);

    const approved = await decide(checkoutUrl!, 'approve').expect(303);
    expect(approved.headers.location).toBe('/subscription');
    expect((await entitlementOf(gbe)).subscription).toEqual({
      method: 'mobile_money',
      provider: 'sandbox',
      currentPeriodEnd: inDays(30),
      cancelAtPeriodEnd: false,
      cancellable: false,
    });

    clock.now = () => new Date(frozen.getTime() + 3 * DAY_MS);
    await decide(checkoutUrl!, 'approve').expect(303);
    await decide(checkoutUrl!, 'decline').expect(303);
    expect((await entitlementOf(gbe)).subscription?.currentPeriodEnd).toBe(inDays(30));
    // A mobile-money pass simply runs out: there is no card subscription to cancel.
    const cancel = await http().post('/api/subscription/cancel').set(bearer(gbe)).expect(404);
    expect(cancel.body).toMatchObject({
      code: 'BILLING_NO_CARD_SUBSCRIPTION',
      message: NO_CARD_SUBSCRIPTION,
    });
  });

  it('mobile money: declining leaves the user Basic', async () => {
    const hiba = await register();
    const { checkoutUrl } = await mobileMoneyCheckout(hiba);
    expect((await decide(checkoutUrl!, 'decline').expect(303)).headers.location).toBe(
      '/subscription?payment=declined',
    );
    expect(await planOf(hiba)).toBe('BASIC_PLAN');
  });

  it("asks for Pro's prices in the plan table, and approving pays the table's XAF price", async () => {
    const catalog = ctx.app.get(PlanCatalog);
    await sql(ctx.databaseUrl, `UPDATE plans SET price = 4.5, price_xaf = 3000 WHERE id = 'PRO_PLAN'`);
    await catalog.reload();
    try {
      const ines = await register();
      const card = await cardCheckout(ines);
      expect((await http().get(card.checkoutUrl!).expect(200)).text).toContain(
        '<p class="method">Pay $4.50 with Credit Card</p>\n<p class="price">$4.50 / month</p>',
      );

      const momo = await mobileMoneyCheckout(ines);
      expect(momo.message).toBe(requestSent('237650000002', 3000));
      expect(momo.instructions).toBe(approveInSandbox('ORANGE', 3000));
      expect((await http().get(momo.checkoutUrl!).expect(200)).text).toContain(
        '<p class="method">Pay ₣3,000 via Mobile Money</p>\n<p class="price">₣3,000 · 30 days</p>',
      );
      await decide(momo.checkoutUrl!, 'approve').expect(303);
      expect(await planOf(ines)).toBe('PRO_PLAN');
    } finally {
      await sql(ctx.databaseUrl, `UPDATE plans SET price = 4, price_xaf = 2500 WHERE id = 'PRO_PLAN'`);
      await catalog.reload();
    }
  });

  it('a checkout link pays for its own user only, whoever opens it', async () => {
    const ines = await register();
    const jafar = await register();
    const { checkoutUrl } = await cardCheckout(ines);

    // Approved from Jafar's session (the page needs no token: the link is the key).
    await http().post(`${checkoutUrl}/approve`).set(bearer(jafar)).type('form').send('').expect(303);

    expect(await planOf(ines)).toBe('PRO_PLAN');
    expect(await planOf(jafar)).toBe('BASIC_PLAN');
  });

  it('speaks French with ?lang=fr or a French Accept-Language, English otherwise', async () => {
    const lea = await register();
    const { checkoutUrl } = await mobileMoneyCheckout(lea);
    const byQuery = await http().get(`${checkoutUrl}?lang=fr`).set('Accept-Language', 'en').expect(200);
    expect(byQuery.text).toContain('<html lang="fr">');
    expect(byQuery.text).toContain('Accepter le paiement');
    expect(byQuery.text).not.toContain('Approve payment');
    const byHeader = await http()
      .get(checkoutUrl!)
      .set('Accept-Language', 'fr-CM,fr;q=0.9,en;q=0.5')
      .expect(200);
    expect(byHeader.text).toContain('Refuser le paiement');
    expect(byHeader.headers.vary).toMatch(/Accept-Language/);
    const english = await http().get(`${checkoutUrl}?lang=xx`).set('Accept-Language', 'de').expect(200);
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('Approve payment');
    const missing = await http()
      .get(`/api/billing/sandbox/checkout/${'B'.repeat(32)}?lang=fr`)
      .expect(404);
    expect(missing.text).toContain('Paiement introuvable');
  });

  it('refuses malformed and unknown checkout links', async () => {
    const malformed = await http().get('/api/billing/sandbox/checkout/not-a-checkout').expect(400);
    expect(malformed.body.message).toBe(NOT_A_CHECKOUT_LINK);
    await http().post('/api/billing/sandbox/checkout/short/approve').expect(400);
    const unknown = await http()
      .get(`/api/billing/sandbox/checkout/${'A'.repeat(32)}`)
      .expect(404);
    expect(unknown.text).toContain('Checkout not found');
    await http()
      .post(`/api/billing/sandbox/checkout/${'A'.repeat(32)}/approve`)
      .expect(404);
  });

  it('validates the mobile money form and refuses AIRTEL as the provider would', async () => {
    const kofi = await register();
    const pay = (body: Record<string, unknown>) =>
      http().post('/api/flutterwave/create-mobile-money-payment').set(bearer(kofi)).send(body);
    const valid = {
      phone_number: '+237650000003',
      network: 'MTN',
      email: 'kofi@example.cm',
      full_name: 'Kofi',
    };

    expect((await pay({ ...valid, network: 'AIRTEL' }).expect(400)).body).toEqual({
      success: false,
      message: noRoute('AIRTEL'),
      code: 'BILLING_NETWORK_UNSUPPORTED',
    });
    await pay({ ...valid, phone_number: '' }).expect(400);
    expect((await pay({ ...valid, phone_number: '0650000003' }).expect(400)).body).toEqual({
      success: false,
      message: notAMobileNumber('237'),
      code: 'BILLING_PHONE_INVALID',
    });
    await pay({ ...valid, email: 'kofi' }).expect(400);
    await pay({ ...valid, network: 'mtn' }).expect(400);
    await pay({ ...valid, full_name: 42 }).expect(400);
    const rows = await sql(ctx.databaseUrl, `SELECT 1 FROM subscriptions WHERE user_id = $1`, [kofi.user.id]);
    expect(rows).toHaveLength(0);
  });

  it('has no provider webhooks: they answer 404', async () => {
    const stripe = await http()
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', 't=1,v1=abc')
      .send('{}')
      .expect(404);
    expect(stripe.body).toMatchObject({
      code: 'BILLING_STRIPE_NOT_CONFIGURED',
      message: STRIPE_NOT_CONFIGURED,
    });
    const flutterwave = await http()
      .post('/api/flutterwave/webhook')
      .set('verif-hash', 'anything')
      .send({ event: 'charge.completed', data: { id: 1 } })
      .expect(404);
    expect(flutterwave.body).toMatchObject({
      code: 'BILLING_FLUTTERWAVE_NOT_CONFIGURED',
      message: FLUTTERWAVE_NOT_CONFIGURED,
    });
  });
});
