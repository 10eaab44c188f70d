import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import Stripe from 'stripe';
import request from 'supertest';
import type {
  AuthResponse,
  CreateSubscriptionResponse,
  DeleteAccountResponse,
  TwoFactorBackupCodesResponse,
  TwoFactorSetupResponse,
  UploadRecord,
} from '@kasa/contracts';
import { EntitlementService } from '../src/entitlement';
import { CLOCK, type Clock } from '../src/common';
import { ACCOUNT_DELETED } from '../src/account/deletion/account-deletion.service';
import { PASSWORD_REQUIRED_TO_DELETE } from '../src/account/deletion/delete-account.dto';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeStripeServer, startFakeStripe } from './support/fake-stripe-server';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * DELETE /api/account end to end: a user with conversations, an upload, a generated image, usage,
 * a Stripe subscription (loopback Stripe API) and a payment record deletes their account.
 */

const SECRET_KEY = 'sk_test_kasa_delete';
const WEBHOOK_SECRET = 'whsec_kasa_delete_test';
const PRICE_ID = 'price_kasa_pro_delete';
const PASSWORD = 'secret123';
const signer = new Stripe('sk_test_signer_only');

/** Tables holding a user's rows (each with a user_id column). */
const USER_TABLES = [
  'conversations',
  'chat_messages',
  'files',
  'uploads',
  'upload_passages',
  'usage_counters',
  'subscriptions',
  'stripe_customers',
  'user_two_factor',
  'two_factor_backup_codes',
  'farm_profiles',
];

describe('account deletion', () => {
  let ctx: TestApp;
  let stripe: FakeStripeServer;
  const http = () => request(ctx.app.getHttpServer());
  const register = () => registerUser(ctx.app, { prefix: 'del' });

  const deleteAccount = (who: AuthResponse, body: Record<string, unknown> = { password: PASSWORD }) =>
    http().delete('/api/account').set(bearer(who)).send(body);

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

  /** Card checkout, first invoice paid, webhook delivered: Pro on Stripe with one payment record. */
  async function subscribe(who: AuthResponse): Promise<{ subscriptionId: string; invoiceId: string }> {
    await http().post('/api/subscription/create').set(bearer(who)).expect(200);
    const [row] = await sql<{ provider_ref: string }>(
      ctx.databaseUrl,
      `SELECT provider_ref FROM subscriptions WHERE user_id = $1`,
      [who.user.id],
    );
    const { invoicePaid } = stripe.payFirstInvoice(row.provider_ref);
    await deliver(invoicePaid);
    return { subscriptionId: row.provider_ref, invoiceId: (invoicePaid.data.object as Stripe.Invoice).id };
  }

  /** A conversation, an uploaded document and a generated image (each with usage counted). */
  async function fillAccount(who: AuthResponse): Promise<void> {
    await http().post('/api/chat').set(bearer(who)).send({ message: 'How do I store maize?' }).expect(200);
    const upload = await http()
      .post('/api/enhancements/upload')
      .set(bearer(who))
      .attach('file', Buffer.from('Maize keeps a year when it is dry.\n'), {
        filename: 'notes.txt',
        contentType: 'text/plain',
      })
      .expect(201);
    expect((upload.body as UploadRecord).id).toBeDefined();
    await http()
      .post('/api/media/generate')
      .set(bearer(who))
      .send({ prompt: 'A baobab', type: 'image' })
      .expect(200);
    await http()
      .put('/api/farm/profile')
      .set(bearer(who))
      .send({
        place: 'Bamenda',
        country: 'CM',
        latitude: 5.96,
        longitude: 10.15,
        crops: ['maize'],
        otherCrops: null,
        livestock: [],
        otherLivestock: null,
        size: 2,
        sizeUnit: 'hectares',
        languages: ['en'],
      })
      .expect(200);
  }

  const rowsOf = async (who: AuthResponse) => {
    const counts: Record<string, number> = {};
    for (const table of USER_TABLES) {
      const [row] = await sql<{ count: string }>(
        ctx.databaseUrl,
        `SELECT count(*) FROM "${table}" WHERE user_id = $1`,
        [who.user.id],
      );
      counts[table] = Number(row.count);
    }
    return counts;
  };

  /** Where the local disk store (the default FILES_STORAGE) keeps each of the user's files. */
  const storedPathsOf = async (who: AuthResponse) => {
    const { files } = ctx.config;
    if (files.storage !== 'local') throw new Error('These tests read the local disk store');
    const rows = await sql<{ storage_key: string }>(
      ctx.databaseUrl,
      `SELECT storage_key FROM files WHERE user_id = $1`,
      [who.user.id],
    );
    return rows.map((row) => join(files.dir, row.storage_key));
  };

  const signIn = (who: AuthResponse, password = PASSWORD) =>
    http().post('/api/auth/login').send({ username: who.user.username, password });

  const stripeDeletes = () => stripe.requests.filter((call) => call.method === 'DELETE');

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY, priceId: PRICE_ID });
    ctx = await createTestApp('account_delete', {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_ID: PRICE_ID,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_kasa_delete',
        STRIPE_API_URL: stripe.apiUrl,
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
  });

  it('deletes everything, cancels the Stripe subscription at once and keeps the payment record anonymised', async () => {
    const ada = await register();
    const bob = await register();
    await fillAccount(ada);
    await fillAccount(bob);
    const { subscriptionId, invoiceId } = await subscribe(ada);
    const before = await rowsOf(ada);
    expect(before).toMatchObject({
      conversations: 1,
      files: 2,
      uploads: 1,
      subscriptions: 1,
      stripe_customers: 1,
      farm_profiles: 1,
    });
    const kinds = await sql<{ kind: string }>(
      ctx.databaseUrl,
      `SELECT kind FROM files WHERE user_id = $1 ORDER BY kind`,
      [ada.user.id],
    );
    expect(kinds.map((row) => row.kind)).toEqual(['image', 'upload']);
    expect(before.usage_counters).toBeGreaterThan(0);
    const adaFiles = await storedPathsOf(ada);
    const bobFiles = await storedPathsOf(bob);
    for (const path of [...adaFiles, ...bobFiles]) expect(existsSync(path)).toBe(true);
    const bobBefore = await rowsOf(bob);

    const answer = (await deleteAccount(ada).expect(200)).body as DeleteAccountResponse;

    expect(answer).toEqual({
      ok: true,
      message: ACCOUNT_DELETED,
      deleted: {
        conversations: before.conversations,
        messages: before.chat_messages,
        files: before.files,
        uploads: before.uploads,
      },
      paymentRecordsKept: 1,
      cardSubscriptionCancelled: true,
    });
    expect(answer.deleted.messages).toBeGreaterThanOrEqual(2);
    // Stripe was told to end the subscription now (not at the period end).
    expect(stripeDeletes().map((call) => call.path)).toEqual([`/v1/subscriptions/${subscriptionId}`]);
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');

    // Signed out for good: the password no longer signs in, the old token no longer works.
    expect((await signIn(ada).expect(401)).body).toMatchObject({ code: 'AUTH_INVALID_CREDENTIALS' });
    expect((await http().get('/api/auth/user').set(bearer(ada)).expect(401)).body).toMatchObject({
      code: 'AUTH_SESSION_ENDED',
    });
    await http().get('/api/account/billing-history').set(bearer(ada)).expect(401);

    expect(Object.values(await rowsOf(ada)).every((count) => count === 0)).toBe(true);
    for (const path of adaFiles) expect(existsSync(path)).toBe(false);
    const [record] = await sql<{ user_id: string | null; anonymised_at: Date | null; amount_minor: string }>(
      ctx.databaseUrl,
      `SELECT user_id, anonymised_at, amount_minor FROM payment_records WHERE provider_ref = $1`,
      [invoiceId],
    );
    expect(record).toMatchObject({ user_id: null, amount_minor: '400' });
    expect(record.anonymised_at).toBeInstanceOf(Date);

    // The other user keeps everything.
    expect(await rowsOf(bob)).toEqual(bobBefore);
    for (const path of bobFiles) expect(existsSync(path)).toBe(true);
    await signIn(bob).expect(200);
  });

  it('refuses a wrong password with 400 and deletes nothing', async () => {
    const cleo = await register();
    await fillAccount(cleo);
    await subscribe(cleo);
    const before = await rowsOf(cleo);
    const deletesBefore = stripeDeletes().length;

    const refused = await deleteAccount(cleo, { password: 'not-my-password' }).expect(400);

    expect(refused.body).toMatchObject({
      code: 'AUTH_WRONG_CURRENT_PASSWORD',
      message: 'Your current password is not correct.',
    });
    expect(await rowsOf(cleo)).toEqual(before);
    for (const path of await storedPathsOf(cleo)) expect(existsSync(path)).toBe(true);
    expect(stripeDeletes().length).toBe(deletesBefore);
    await http().get('/api/auth/user').set(bearer(cleo)).expect(200);
  });

  it('answers 502 and deletes nothing when Stripe cannot cancel, and deletes once Stripe is back', async () => {
    const dan = await register();
    await fillAccount(dan);
    const { subscriptionId } = await subscribe(dan);
    const before = await rowsOf(dan);
    // The SDK retries a 500 twice: Stripe stays down for all three tries.
    for (let i = 0; i < 3; i++)
      stripe.failNext({ status: 500, type: 'api_error', message: 'Something went wrong on our end.' });

    const failed = await deleteAccount(dan).expect(502);

    expect(failed.body).toMatchObject({
      code: 'ACCOUNT_DELETE_BILLING_FAILED',
      message: expect.stringContaining('your account was not deleted'),
    });
    expect(await rowsOf(dan)).toEqual(before);
    for (const path of await storedPathsOf(dan)) expect(existsSync(path)).toBe(true);
    expect(stripe.subscription(subscriptionId).status).toBe('active');
    const clock = ctx.app.get<Clock>(CLOCK);
    expect(await ctx.app.get(EntitlementService).planOf(dan.user.id, clock.now())).toBe('PRO_PLAN');
    await signIn(dan).expect(200);

    const answer = (await deleteAccount(dan).expect(200)).body as DeleteAccountResponse;
    expect(answer).toMatchObject({ cardSubscriptionCancelled: true, paymentRecordsKept: 1 });
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
  });

  it('deletes an account without a subscription, payment or file, and says so', async () => {
    const eve = await register();
    const answer = (await deleteAccount(eve).expect(200)).body as DeleteAccountResponse;
    expect(answer).toEqual({
      ok: true,
      message: ACCOUNT_DELETED,
      deleted: { conversations: 0, messages: 0, files: 0, uploads: 0 },
      paymentRecordsKept: 0,
      cardSubscriptionCancelled: false,
    });
    await signIn(eve).expect(401);
  });

  it('answers a clear 400 to a missing password or an unknown field, and 401 without a token', async () => {
    const fay = await register();
    const missing = await deleteAccount(fay, {}).expect(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(missing.body)).toContain(PASSWORD_REQUIRED_TO_DELETE);
    await deleteAccount(fay, { password: PASSWORD, everything: true }).expect(400);
    await deleteAccount(fay, { password: 12345678 }).expect(400);
    await http().delete('/api/account').send({ password: PASSWORD }).expect(401);
    await http().get('/api/auth/user').set(bearer(fay)).expect(200);
  });

  it('with two-factor sign-in on, needs a right code as well', async () => {
    const gus = await register();
    const setup = (await http().post('/api/auth/two-factor/setup').set(bearer(gus)).expect(200))
      .body as TwoFactorSetupResponse;
    const totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(setup.secret),
    });
    const confirmed = (
      await http()
        .post('/api/auth/two-factor/confirm')
        .set(bearer(gus))
        .send({ code: totp.generate() })
        .expect(200)
    ).body as TwoFactorBackupCodesResponse;

    const noCode = await deleteAccount(gus).expect(400);
    expect(noCode.body).toMatchObject({ code: 'AUTH_TWO_FACTOR_CODE_REQUIRED' });
    // A code valid in no step around now.
    const now = Date.now();
    const valid = new Set([-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: now + offset })));
    const wrong = ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
    const wrongCode = await deleteAccount(gus, { password: PASSWORD, code: wrong }).expect(400);
    expect(wrongCode.body).toMatchObject({ code: 'AUTH_TWO_FACTOR_CODE_WRONG' });
    // The right code with the wrong password: the password is checked first.
    await deleteAccount(gus, { password: 'wrong-password', code: confirmed.backupCodes[0] }).expect(400);
    await http().get('/api/auth/user').set(bearer(gus)).expect(200);

    await deleteAccount(gus, { password: PASSWORD, code: confirmed.backupCodes[0] }).expect(200);
    expect(await rowsOf(gus)).toMatchObject({ user_two_factor: 0, two_factor_backup_codes: 0 });
    await http().get('/api/auth/user').set(bearer(gus)).expect(401);
  });
});

describe('account deletion with the sandbox card checkout', () => {
  let ctx: TestApp;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    ctx = await createTestApp('account_delete_sandbox', {
      // Two tries per username and address, as sign-in counts them.
      config: {
        rateLimits: { ...GENEROUS_RATE_LIMITS, loginPerUsernameIp: { limit: 2, windowMs: 60_000 } },
      },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('ends a sandbox card subscription at once', async () => {
    const ivy = await registerUser(ctx.app, { prefix: 'dsbx' });
    const { checkoutUrl } = (await http().post('/api/subscription/create').set(bearer(ivy)).expect(200))
      .body as CreateSubscriptionResponse;
    await http().post(`${checkoutUrl}/approve`).type('form').send('').expect(303);

    const answer = (
      await http().delete('/api/account').set(bearer(ivy)).send({ password: PASSWORD }).expect(200)
    ).body as DeleteAccountResponse;

    expect(answer).toMatchObject({ cardSubscriptionCancelled: true, paymentRecordsKept: 1 });
    const kept = await sql<{ provider: string; status: string; user_id: string | null }>(
      ctx.databaseUrl,
      `SELECT provider, status, user_id FROM payment_records WHERE provider_ref = $1`,
      [checkoutUrl!.split('/').pop()],
    );
    expect(kept).toEqual([{ provider: 'sandbox', status: 'paid', user_id: null }]);
  });

  it('counts tries like sign-in: past the limit even the right password is refused, and nothing is deleted', async () => {
    const jo = await registerUser(ctx.app, { prefix: 'dsbx' });
    const attempt = (password: string) => http().delete('/api/account').set(bearer(jo)).send({ password });
    await attempt('wrong-1').expect(400);
    await attempt('wrong-2').expect(400);
    const limited = await attempt(PASSWORD).expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await http().get('/api/auth/user').set(bearer(jo)).expect(200);
  });
});
