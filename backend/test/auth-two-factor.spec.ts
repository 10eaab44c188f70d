import { JwtService } from '@nestjs/jwt';
import { Secret, TOTP } from 'otpauth';
import { Client } from 'pg';
import request from 'supertest';
import {
  type AccountSecurity,
  type AuthResponse,
  BACKUP_CODE_COUNT,
  BACKUP_CODE_PATTERN,
  type TwoFactorBackupCodesResponse,
  type TwoFactorChallengeResponse,
  type TwoFactorSetupResponse,
} from '@kasa/contracts';
import { AuthService, TwoFactorService } from '../src/auth';
import { CLOCK, type Clock } from '../src/common';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/** The sign-in lockout as configured by default: 10 tries of one username from one address. */
const PER_USERNAME_IP_LIMIT = 10;
const STEP_MS = 30_000;
const PASSWORD = 'secret123';

describe('two-factor sign-in (TOTP) and the Security data', () => {
  let ctx: TestApp;
  let clock: Clock;
  let realNow: () => Date;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    ctx = await createTestApp('two_factor', {
      config: {
        rateLimits: {
          ...GENEROUS_RATE_LIMITS,
          loginPerUsernameIp: { limit: PER_USERNAME_IP_LIMIT, windowMs: 15 * 60_000 },
        },
      },
    });
    clock = ctx.app.get<Clock>(CLOCK);
    realNow = clock.now;
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(() => ctx.close());

  /** Freezes the server's clock (what TOTP checks use) at `ms`. */
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
  /** A 6-digit code no step from `ms` - 1 to `ms` + 1 accepts. */
  const wrongCodeAt = (secret: string, ms: number) => {
    const valid = [-1, 0, 1].map((k) => totpAt(secret, ms + k * STEP_MS));
    for (let n = 0; ; n++) {
      const code = String(n * 7919)
        .padStart(6, '0')
        .slice(-6);
      if (!valid.includes(code)) return code;
    }
  };

  async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  const security = async (who: AuthResponse) =>
    (await http().get('/api/auth/security').set(bearer(who)).expect(200)).body as AccountSecurity;

  /** Sets up and confirms 2FA at time `t` (the clock stays frozen there). */
  async function enrol(who: AuthResponse, t: number) {
    at(t);
    const setup = (await http().post('/api/auth/two-factor/setup').set(bearer(who)).expect(200))
      .body as TwoFactorSetupResponse;
    const confirmed = (
      await http()
        .post('/api/auth/two-factor/confirm')
        .set(bearer(who))
        .send({ code: totpAt(setup.secret, t) })
        .expect(200)
    ).body as TwoFactorBackupCodesResponse;
    return { secret: setup.secret, setup, backupCodes: confirmed.backupCodes, confirmed };
  }

  async function challengeOf(who: AuthResponse, headers: Record<string, string> = {}): Promise<string> {
    const response = await http()
      .post('/api/auth/login')
      .set(headers)
      .send({ username: who.user.username, password: PASSWORD })
      .expect(200);
    const body = response.body as TwoFactorChallengeResponse;
    expect(body).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      expiresAt: expect.any(String),
      message: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
    });
    expect(response.body).not.toHaveProperty('token');
    expect(response.body).not.toHaveProperty('user');
    return body.challenge;
  }

  const secondStep = (challenge: string, code: string, headers: Record<string, string> = {}) =>
    http().post('/api/auth/login/two-factor').set(headers).send({ challenge, code });

  it('setup → confirm → sign-in asks for a code; a TOTP code signs in once (no replay)', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_totp' });
    const before = await security(who);
    expect(before.twoFactor).toEqual({ enabled: false, enabledAt: null, backupCodesLeft: 0 });
    expect(Date.parse(before.passwordChangedAt)).toBeGreaterThan(Date.now() - 60_000);

    const t = Date.now();
    at(t);
    const setup = (await http().post('/api/auth/two-factor/setup').set(bearer(who)).expect(200))
      .body as TwoFactorSetupResponse;
    expect(setup).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
      qrCodeSvg: expect.stringMatching(/^<svg[\s\S]*<\/svg>\s*$/),
      issuer: 'Kasa',
      accountName: who.user.username,
    });
    const url = new URL(setup.otpauthUrl);
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(url.searchParams.get('issuer')).toBe('Kasa');
    expect(decodeURIComponent(url.pathname)).toContain(who.user.username);
    expect(response200Headers(await http().post('/api/auth/two-factor/setup').set(bearer(who)))).toMatch(
      /no-store/,
    );

    // The setup above was replaced by the second call: its secret is the pending one now.
    const [pending] = await sql<{ pending_secret_encrypted: string; secret_encrypted: string | null }>(
      'SELECT pending_secret_encrypted, secret_encrypted FROM user_two_factor WHERE user_id = $1',
      [who.user.id],
    );
    expect(pending.secret_encrypted).toBeNull();
    expect(pending.pending_secret_encrypted).toMatch(/^v1\./);
    const latest = (await http().post('/api/auth/two-factor/setup').set(bearer(who)).expect(200))
      .body as TwoFactorSetupResponse;
    expect(latest.secret).not.toBe(setup.secret);
    const secret = latest.secret;

    const wrong = await http()
      .post('/api/auth/two-factor/confirm')
      .set(bearer(who))
      .send({ code: wrongCodeAt(secret, t) })
      .expect(400);
    expect(wrong.body.code).toBe('AUTH_TWO_FACTOR_CODE_WRONG');

    const confirmed = (
      await http()
        .post('/api/auth/two-factor/confirm')
        .set(bearer(who))
        .send({ code: totpAt(secret, t) })
        .expect(200)
    ).body as TwoFactorBackupCodesResponse;
    expect(confirmed).toMatchObject({
      ok: true,
      twoFactor: { enabled: true, backupCodesLeft: BACKUP_CODE_COUNT },
    });
    expect(confirmed.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(confirmed.backupCodes).size).toBe(BACKUP_CODE_COUNT);
    for (const code of confirmed.backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // At rest: the secret sealed, the backup codes as HMACs only.
    const [row] = await sql<{ secret_encrypted: string; pending_secret_encrypted: string | null }>(
      'SELECT secret_encrypted, pending_secret_encrypted FROM user_two_factor WHERE user_id = $1',
      [who.user.id],
    );
    expect(row.pending_secret_encrypted).toBeNull();
    expect(row.secret_encrypted).toMatch(/^v1\./);
    expect(row.secret_encrypted).not.toContain(secret);
    const hashes = await sql<{ code_hash: string }>(
      'SELECT code_hash FROM two_factor_backup_codes WHERE user_id = $1',
      [who.user.id],
    );
    expect(hashes).toHaveLength(BACKUP_CODE_COUNT);
    const stored = JSON.stringify(hashes);
    for (const code of confirmed.backupCodes) expect(stored).not.toContain(code.replace('-', ''));

    const after = await security(who);
    expect(after.twoFactor).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      backupCodesLeft: BACKUP_CODE_COUNT,
    });
    expect((await http().post('/api/auth/two-factor/setup').set(bearer(who)).expect(409)).body.code).toBe(
      'AUTH_TWO_FACTOR_ALREADY_ENABLED',
    );

    const challenge = await challengeOf(who);
    // The code that confirmed the setup is spent: its step cannot sign in.
    const replayedConfirm = await secondStep(challenge, totpAt(secret, t)).expect(401);
    expect(replayedConfirm.body).toMatchObject({
      code: 'AUTH_TWO_FACTOR_CODE_WRONG',
      message: 'That code is not correct, or it was already used.',
    });

    at(t + STEP_MS);
    const next = totpAt(secret, t + STEP_MS);
    const signedIn = (await secondStep(challenge, next).expect(200)).body as AuthResponse;
    expect(signedIn.user.id).toBe(who.user.id);
    await http().get('/api/auth/user').set(bearer(signedIn)).expect(200);
    // The same code again, within its validity: refused.
    expect((await secondStep(challenge, next).expect(401)).body.code).toBe('AUTH_TWO_FACTOR_CODE_WRONG');

    at(t + 2 * STEP_MS);
    await secondStep(challenge, totpAt(secret, t + 2 * STEP_MS)).expect(200);
  });

  it('a backup code signs in once; case and dash do not matter; the count goes down', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_backup' });
    const { backupCodes } = await enrol(who, Date.now());
    const challenge = await challengeOf(who);

    const first = (await secondStep(challenge, backupCodes[0]).expect(200)).body as AuthResponse;
    await http().get('/api/auth/user').set(bearer(first)).expect(200);
    const again = await secondStep(challenge, backupCodes[0]).expect(401);
    expect(again.body.code).toBe('AUTH_TWO_FACTOR_CODE_WRONG');

    await secondStep(challenge, ` ${backupCodes[1].toUpperCase().replace('-', '')} `).expect(200);
    await secondStep(challenge, backupCodes[1]).expect(401);
    expect((await security(first)).twoFactor.backupCodesLeft).toBe(BACKUP_CODE_COUNT - 2);
  });

  it('under concurrency a backup code and a TOTP code each sign in exactly once', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_race' });
    const t = Date.now();
    const { secret, backupCodes } = await enrol(who, t);
    const challenge = await challengeOf(who);

    const backupRace = await Promise.all(
      Array.from({ length: 4 }, () => secondStep(challenge, backupCodes[2])),
    );
    expect(backupRace.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);

    at(t + STEP_MS);
    const code = totpAt(secret, t + STEP_MS);
    // From another address: this user's lockout bucket on the first one is nearly used up.
    const other = { 'X-Forwarded-For': '198.51.100.61' };
    const totpRace = await Promise.all(Array.from({ length: 4 }, () => secondStep(challenge, code, other)));
    expect(totpRace.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it('disable needs a right code (TOTP or backup); afterwards sign-in is one step again', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_off' });
    const t = Date.now();
    const { secret, backupCodes } = await enrol(who, t);

    const wrong = await http()
      .post('/api/auth/two-factor/disable')
      .set(bearer(who))
      .send({ code: wrongCodeAt(secret, t) })
      .expect(400);
    expect(wrong.body.code).toBe('AUTH_TWO_FACTOR_CODE_WRONG');
    const off = await http()
      .post('/api/auth/two-factor/disable')
      .set(bearer(who))
      .send({ code: backupCodes[0] })
      .expect(200);
    expect(off.body).toEqual({
      ok: true,
      message: 'Two-factor sign-in is off.',
      twoFactor: { enabled: false, enabledAt: null, backupCodesLeft: 0 },
    });
    expect(await sql('SELECT 1 FROM user_two_factor WHERE user_id = $1', [who.user.id])).toHaveLength(0);
    expect(await sql('SELECT 1 FROM two_factor_backup_codes WHERE user_id = $1', [who.user.id])).toHaveLength(
      0,
    );

    const login = await http()
      .post('/api/auth/login')
      .send({ username: who.user.username, password: PASSWORD })
      .expect(200);
    expect(login.body.token).toEqual(expect.any(String));
    const again = await http()
      .post('/api/auth/two-factor/disable')
      .set(bearer(who))
      .send({ code: backupCodes[1] })
      .expect(400);
    expect(again.body.code).toBe('AUTH_TWO_FACTOR_NOT_ENABLED');

    // On again with a new secret, then off with a TOTP code.
    const second = await enrol(who, t + 10 * STEP_MS);
    at(t + 11 * STEP_MS);
    await http()
      .post('/api/auth/two-factor/disable')
      .set(bearer(who))
      .send({ code: totpAt(second.secret, t + 11 * STEP_MS) })
      .expect(200);
    expect((await security(who)).twoFactor.enabled).toBe(false);
  });

  it('renewing the backup codes needs a TOTP code; the old codes stop working', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_renew' });
    const t = Date.now();
    const { secret, backupCodes } = await enrol(who, t);

    const withBackup = await http()
      .post('/api/auth/two-factor/backup-codes')
      .set(bearer(who))
      .send({ code: backupCodes[0] })
      .expect(400);
    expect(withBackup.body.code).toBe('AUTH_TWO_FACTOR_CODE_WRONG');
    at(t + STEP_MS);
    const renewed = (
      await http()
        .post('/api/auth/two-factor/backup-codes')
        .set(bearer(who))
        .send({ code: totpAt(secret, t + STEP_MS) })
        .expect(200)
    ).body as TwoFactorBackupCodesResponse;
    expect(renewed.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(renewed.backupCodes.filter((code) => backupCodes.includes(code))).toEqual([]);
    expect(renewed.twoFactor).toMatchObject({ enabled: true, backupCodesLeft: BACKUP_CODE_COUNT });

    const challenge = await challengeOf(who);
    await secondStep(challenge, backupCodes[1]).expect(401);
    await secondStep(challenge, renewed.backupCodes[0]).expect(200);
  });

  it(`wrong codes: 401, then 429 once the per-username limit (${PER_USERNAME_IP_LIMIT}) is reached, even for the right code`, async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_limit' });
    const t = Date.now();
    // Setup does not count; confirm does (1), the password step too (2).
    const { secret, backupCodes } = await enrol(who, t);
    const challenge = await challengeOf(who);
    for (let attempt = 3; attempt <= PER_USERNAME_IP_LIMIT; attempt++) {
      const code = attempt % 2 ? wrongCodeAt(secret, t) : 'zzzzz-zzzzz';
      expect((await secondStep(challenge, code).expect(401)).body.code).toBe('AUTH_TWO_FACTOR_CODE_WRONG');
    }
    const locked = await secondStep(challenge, backupCodes[0]).expect(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(locked.headers['retry-after']).toMatch(/^\d+$/);
    // Not spent by the refused try: it still works from another address.
    await secondStep(challenge, backupCodes[0], { 'X-Forwarded-For': '198.51.100.62' }).expect(200);
    // The password step shares the bucket.
    await http()
      .post('/api/auth/login')
      .send({ username: who.user.username, password: PASSWORD })
      .expect(429);
  });

  it('a bearer token is no challenge, and a challenge is no bearer token', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_kinds' });
    const t = Date.now();
    const { secret } = await enrol(who, t);
    const challenge = await challengeOf(who);

    at(t + STEP_MS);
    const asChallenge = await secondStep(who.token, totpAt(secret, t + STEP_MS)).expect(401);
    expect(asChallenge.body.code).toBe('AUTH_TWO_FACTOR_CHALLENGE_EXPIRED');
    for (const path of ['/api/auth/user', '/api/auth/security']) {
      const asBearer = await http().get(path).set('Authorization', `Bearer ${challenge}`).expect(401);
      expect(asBearer.body.code).toBe('AUTH_SESSION_ENDED');
    }
    // The code was not spent by the refused bearer token.
    await secondStep(challenge, totpAt(secret, t + STEP_MS)).expect(200);
  });

  it('an expired, forged or revoked challenge: 401 AUTH_TWO_FACTOR_CHALLENGE_EXPIRED', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_expired' });
    const { backupCodes } = await enrol(who, Date.now());
    const jwt = ctx.app.get(JwtService);

    const expired = await jwt.signAsync(
      { sub: who.user.id, tokenVersion: 0, purpose: 'two-factor' },
      { expiresIn: -10 },
    );
    const forged = await new JwtService({ secret: 'not-the-server-secret-at-all!' }).signAsync({
      sub: who.user.id,
      tokenVersion: 0,
      purpose: 'two-factor',
    });
    for (const challenge of [expired, forged, 'not.a.jwt']) {
      const response = await secondStep(challenge, backupCodes[0]).expect(401);
      expect(response.body).toMatchObject({
        code: 'AUTH_TWO_FACTOR_CHALLENGE_EXPIRED',
        message:
          'This sign-in took too long or is no longer valid. Please enter your username and password again.',
      });
    }

    // Signing out everywhere (a new token version) ends the challenges issued before it.
    const challenge = await challengeOf(who);
    await http().post('/api/auth/logout').set(bearer(who)).expect(200);
    expect((await secondStep(challenge, backupCodes[0]).expect(401)).body.code).toBe(
      'AUTH_TWO_FACTOR_CHALLENGE_EXPIRED',
    );
    // The backup code was not spent: a fresh challenge takes it.
    await secondStep(await challengeOf(who), backupCodes[0]).expect(200);
  });

  it("a challenge of user A never signs into B, nor takes B's codes", async () => {
    const a = await registerUser(ctx.app, { prefix: 'tf_a' });
    const b = await registerUser(ctx.app, { prefix: 'tf_b' });
    const t = Date.now();
    const enrolA = await enrol(a, t);
    const enrolB = await enrol(b, t);
    const challengeA = await challengeOf(a);

    at(t + STEP_MS);
    const bCode = totpAt(enrolB.secret, t + STEP_MS);
    if (bCode !== totpAt(enrolA.secret, t + STEP_MS)) await secondStep(challengeA, bCode).expect(401);
    await secondStep(challengeA, enrolB.backupCodes[0]).expect(401);
    const signedIn = (await secondStep(challengeA, enrolA.backupCodes[0]).expect(200)).body as AuthResponse;
    expect(signedIn.user.id).toBe(a.user.id);
    // B's backup code is still B's, unspent.
    const asB = (await secondStep(await challengeOf(b), enrolB.backupCodes[0]).expect(200))
      .body as AuthResponse;
    expect(asB.user.id).toBe(b.user.id);
  });

  it('Security: passwordChangedAt moves on a password change; the old token ends, the new works', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_password' });
    const first = await security(who);
    const [row] = await sql<{ created_at: Date; password_changed_at: Date }>(
      'SELECT created_at, password_changed_at FROM users WHERE id = $1',
      [who.user.id],
    );
    expect(Math.abs(row.password_changed_at.getTime() - row.created_at.getTime())).toBeLessThan(5_000);
    expect(first.passwordChangedAt).toBe(row.password_changed_at.toISOString());

    await new Promise((resolve) => setTimeout(resolve, 20));
    const changed = (
      await http()
        .post('/api/auth/change-password')
        .set(bearer(who))
        .send({ currentPassword: PASSWORD, newPassword: 'brand-new-1' })
        .expect(200)
    ).body as AuthResponse;
    const old = await http().get('/api/auth/security').set(bearer(who)).expect(401);
    expect(old.body.code).toBe('AUTH_SESSION_ENDED');
    const second = await security(changed);
    expect(Date.parse(second.passwordChangedAt)).toBeGreaterThan(Date.parse(first.passwordChangedAt));
  });

  it('a malformed code or challenge is a 400 with a clear message; signed-out calls are 401', async () => {
    const who = await registerUser(ctx.app, { prefix: 'tf_bad' });
    for (const code of ['12345', '1234567', 'abcd-efghj', 'abcde-fghj0', '', 123456, null]) {
      const response = await http()
        .post('/api/auth/two-factor/confirm')
        .set(bearer(who))
        .send({ code })
        .expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.details).toContain(
        'The code is the 6 digits from your authenticator app, or a backup code like abcde-fghjk.',
      );
    }
    const noChallenge = await http().post('/api/auth/login/two-factor').send({ code: '123456' }).expect(400);
    expect(noChallenge.body.details).toContain(
      'The sign-in step is missing. Please enter your username and password again.',
    );
    const noSetup = await http()
      .post('/api/auth/two-factor/confirm')
      .set(bearer(who))
      .send({ code: '123456' })
      .expect(400);
    expect(noSetup.body.code).toBe('AUTH_TWO_FACTOR_SETUP_MISSING');
    for (const path of ['setup', 'confirm', 'disable', 'backup-codes'])
      await http().post(`/api/auth/two-factor/${path}`).send({ code: '123456' }).expect(401);
    await http().get('/api/auth/security').expect(401);
  });

  it('TwoFactorService and AuthService helpers for other modules (account deletion)', async () => {
    const twoFactor = ctx.app.get(TwoFactorService);
    const auth = ctx.app.get(AuthService);
    const who = await registerUser(ctx.app, { prefix: 'tf_helpers' });
    expect(await twoFactor.isEnabled(who.user.id)).toBe(false);
    expect(await twoFactor.verifyAnyCode(who.user.id, '123456')).toBe(false);
    expect(await auth.verifyPasswordOf(who.user.id, PASSWORD)).toBe(true);
    expect(await auth.verifyPasswordOf(who.user.id, 'wrong-password')).toBe(false);
    expect(await auth.verifyPasswordOf('not-a-uuid', PASSWORD)).toBe(false);

    const t = Date.now();
    const { secret, backupCodes } = await enrol(who, t);
    expect(await twoFactor.isEnabled(who.user.id)).toBe(true);
    expect(await twoFactor.verifyAnyCode(who.user.id, backupCodes[3])).toBe(true);
    expect(await twoFactor.verifyAnyCode(who.user.id, backupCodes[3])).toBe(false);
    at(t + STEP_MS);
    const code = totpAt(secret, t + STEP_MS);
    expect(await twoFactor.verifyAnyCode(who.user.id, code)).toBe(true);
    expect(await twoFactor.verifyAnyCode(who.user.id, code)).toBe(false);
    expect(await twoFactor.verifyAnyCode(who.user.id, 'not a code')).toBe(false);
    expect(backupCodes.every((c) => BACKUP_CODE_PATTERN.test(c))).toBe(true);
  });
});

function response200Headers(response: request.Response): string {
  expect(response.status).toBe(200);
  return String(response.headers['cache-control']);
}
