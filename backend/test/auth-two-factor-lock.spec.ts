import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import type {
  AuthResponse,
  OutboxMessage,
  TwoFactorBackupCodesResponse,
  TwoFactorChallengeResponse,
  TwoFactorSetupResponse,
} from '@kasa/contracts';
import { CLOCK, type Clock } from '../src/common';
import { bearer, GENEROUS_RATE_LIMITS, registerUser, uniqueUsername } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const ADMIN = 'tf_lock_admin';
const MAX_FAILURES = 10;
const LOCK_MS = 15 * 60_000;
const STEP_MS = 30_000;
const LOCKED_MESSAGE =
  'Too many wrong codes: two-factor sign-in is locked for this account. Try again in 15 minutes, or use the unlock link we sent by e-mail.';

/**
 * Wrong second-factor codes count per account, whatever address they come from (the per-address
 * buckets are generous here, as for a botnet), one at a time, and lock the second factor.
 */
describe('the second factor locks after too many wrong codes from any address', () => {
  let ctx: TestApp;
  let clock: Clock;
  let realNow: () => Date;
  let admin: AuthResponse;
  let addresses = 0;
  const http = () => request(ctx.app.getHttpServer());
  /** A client address never used before in this file: IPv4, or an IPv6 address in a /64 of its own. */
  const freshAddress = () => {
    const n = ++addresses;
    return { 'X-Forwarded-For': n % 2 ? `203.0.113.${n % 250}` : `2001:db8:${n.toString(16)}::7` };
  };

  beforeAll(async () => {
    ctx = await createTestApp('two_factor_lock', {
      env: { ADMIN_USERNAMES: ADMIN },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    clock = ctx.app.get<Clock>(CLOCK);
    realNow = clock.now;
    admin = (
      await http().post('/api/auth/register').send({ username: ADMIN, password: 'secret123' }).expect(201)
    ).body as AuthResponse;
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(() => ctx.close());

  const at = (ms: number) => {
    clock.now = () => new Date(ms);
  };
  const totpAt = (secret: string, ms: number) =>
    TOTP.generate({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      timestamp: ms,
    });
  const wrongCodeAt = (secret: string, ms: number, n: number) => {
    const valid = [-1, 0, 1].map((k) => totpAt(secret, ms + k * STEP_MS));
    for (let k = n; ; k++) {
      const code = String(k * 7919 + 13)
        .padStart(6, '0')
        .slice(-6);
      if (!valid.includes(code)) return code;
    }
  };
  const outbox = async (to: string) =>
    (await http().get('/api/dev/outbox').query({ to }).set(bearer(admin)).expect(200)).body
      .messages as OutboxMessage[];

  /** A user with an e-mail and 2FA on (enrolled at `t`, the clock left there), and a sign-in challenge. */
  async function enrolled(t: number) {
    const email = `${uniqueUsername('owner')}@example.com`;
    const who = await registerUser(ctx.app, { prefix: 'tf_lock', email });
    at(t);
    const setup = (await http().post('/api/auth/two-factor/setup').set(bearer(who)).expect(200))
      .body as TwoFactorSetupResponse;
    const { backupCodes } = (
      await http()
        .post('/api/auth/two-factor/confirm')
        .set(bearer(who))
        .send({ code: totpAt(setup.secret, t) })
        .expect(200)
    ).body as TwoFactorBackupCodesResponse;
    const challenge = (
      (
        await http()
          .post('/api/auth/login')
          .send({ username: who.user.username, password: 'secret123' })
          .expect(200)
      ).body as TwoFactorChallengeResponse
    ).challenge;
    return { who, email, secret: setup.secret, backupCodes, challenge };
  }

  const secondStep = (challenge: string, code: string) =>
    http().post('/api/auth/login/two-factor').set(freshAddress()).send({ challenge, code });

  function expectLocked(response: request.Response) {
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({ code: 'AUTH_TWO_FACTOR_LOCKED', message: LOCKED_MESSAGE });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(LOCK_MS / 1000 - 60);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(LOCK_MS / 1000);
  }

  it('locks after 10 wrong codes from 10 addresses; the right code waits for the e-mailed unlock', async () => {
    const t = Date.now();
    const { who, email, secret, backupCodes, challenge } = await enrolled(t);
    for (let n = 0; n < MAX_FAILURES; n++) {
      const wrong = await secondStep(challenge, wrongCodeAt(secret, t, n)).expect(401);
      expect(wrong.body.code).toBe('AUTH_TWO_FACTOR_CODE_WRONG');
    }

    at(t + STEP_MS);
    const right = totpAt(secret, t + STEP_MS);
    expectLocked(await secondStep(challenge, right));
    expectLocked(await secondStep(challenge, backupCodes[0]));
    // The signed-in routes that take a code are locked too (a stolen token gains nothing).
    expectLocked(await http().post('/api/auth/two-factor/disable').set(bearer(who)).send({ code: right }));

    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Kasa: two-factor sign-in locked after 10 wrong codes');
    expect(mails[0].text).toContain(`Hello ${who.user.username},`);
    expect(mails[0].text).toContain('locked for 15 minutes');
    const unlockPath = /\/api\/auth\/two-factor\/unlock\/[A-Za-z0-9_-]{43}/.exec(mails[0].text)![0];

    // Opening the link changes nothing (mail scanners open links): its page has the button.
    const page = await http().get(unlockPath).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`<form method="post" action="${unlockPath}">`);
    expectLocked(await secondStep(challenge, right));

    // As the page's form sends it.
    const unlocked = await http().post(unlockPath).type('form').send('').expect(200);
    expect(unlocked.text).toContain('Two-factor sign-in is unlocked');
    const again = await http().post(unlockPath).expect(410);
    expect(again.text).toContain('This unlock link has already been used, or the lock is over.');

    // Neither refused try spent its code.
    const signedIn = (await secondStep(challenge, right).expect(200)).body as AuthResponse;
    expect(signedIn.user.id).toBe(who.user.id);
    await secondStep(challenge, backupCodes[0]).expect(200);
  });

  it('serialises guesses: 25 at once from 25 addresses, exactly 10 are checked, one e-mail', async () => {
    const t = Date.now();
    const { email, secret, challenge } = await enrolled(t);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) => secondStep(challenge, wrongCodeAt(secret, t, n))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - MAX_FAILURES);
    expect(await outbox(email)).toHaveLength(1);
  });

  it('unlocks by itself once the wait is over; a right code resets the count', async () => {
    const t = Date.now();
    const { secret, challenge, backupCodes } = await enrolled(t);
    for (let n = 0; n < MAX_FAILURES - 1; n++)
      await secondStep(challenge, wrongCodeAt(secret, t, n)).expect(401);
    await secondStep(challenge, backupCodes[0]).expect(200);
    for (let n = 0; n < MAX_FAILURES; n++) await secondStep(challenge, wrongCodeAt(secret, t, n)).expect(401);
    expectLocked(await secondStep(challenge, backupCodes[1]));

    at(t + LOCK_MS - 1000);
    expect((await secondStep(challenge, backupCodes[1])).body.code).toBe('AUTH_TWO_FACTOR_LOCKED');
    at(t + LOCK_MS + 1000);
    await secondStep(challenge, totpAt(secret, t + LOCK_MS + 1000)).expect(200);
  });
});
