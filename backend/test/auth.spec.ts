import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Client } from 'pg';
import request from 'supertest';
import type { AuthResponse, ForgotPasswordResponse } from '@kasa/contracts';
import { GENEROUS_RATE_LIMITS } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/** The outbox holds reset codes: only an administrator may read it. */
const ADMIN = 'auth_admin';

let seq = 0;
const uniqueName = (prefix = 'user') => `${prefix}_${Date.now().toString(36)}${seq++}`;

describe('auth', () => {
  let ctx: TestApp;
  let adminToken: string;
  const http = () => request(ctx.app.getHttpServer());

  async function register(
    username = uniqueName(),
    email?: string,
    password = 'secret123',
  ): Promise<AuthResponse> {
    const response = await http()
      .post('/api/auth/register')
      .send({ username, password, ...(email ? { email } : {}) })
      .expect(201);
    return response.body as AuthResponse;
  }

  async function latestCode(email: string): Promise<string> {
    const response = await http()
      .get('/api/dev/outbox')
      .query({ to: email })
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);
    const text: string = response.body.messages[0].text;
    return /code is: (\d{6})/.exec(text)![1];
  }

  async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    ctx = await createTestApp('auth', {
      env: { ADMIN_USERNAMES: ADMIN },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    adminToken = (await register(ADMIN)).token;
  });
  afterAll(() => ctx.close());

  it('registers, signs in and reads the current user; the hash never leaves', async () => {
    const username = uniqueName('Alice');
    const created = await register(username, 'alice@example.com');
    expect(created.token).toEqual(expect.any(String));
    expect(created.user).toEqual({
      id: expect.any(String),
      username,
      email: 'alice@example.com',
      createdAt: expect.any(String),
    });

    const login = await http()
      .post('/api/auth/login')
      .send({ username: username.toUpperCase(), password: 'secret123' })
      .expect(200);
    expect(login.body.user.id).toBe(created.user.id);
    const me = await http()
      .get('/api/auth/user')
      .set('Authorization', `Bearer ${login.body.token}`)
      .expect(200);
    expect(me.body).toEqual({ user: created.user });
    expect(JSON.stringify([created, login.body, me.body])).not.toMatch(
      /argon2|passwordHash|password_hash|tokenVersion/,
    );

    const [row] = await sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      created.user.id,
    ]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('GET /api/auth/user without or with a bad token: 401', async () => {
    const none = await http().get('/api/auth/user').expect(401);
    expect(none.body).toMatchObject({
      code: 'AUTH_NOT_SIGNED_IN',
      message: 'You are not signed in. Please sign in to continue.',
    });
    await http().get('/api/auth/user').set('Authorization', 'Bearer not.a.jwt').expect(401);
  });

  it('a well-signed token for no user, for an older version or with a broken version: 401', async () => {
    const { user } = await register();
    const jwt = ctx.app.get(JwtService);
    for (const payload of [
      { sub: randomUUID(), tokenVersion: 0 },
      { sub: user.id, tokenVersion: 1 },
      { sub: user.id, tokenVersion: 0.5 },
      { sub: user.id, tokenVersion: 2 ** 40 },
      { sub: 'not-a-uuid', tokenVersion: 0 },
    ]) {
      const token = await jwt.signAsync(payload);
      const refused = await http().get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(401);
      expect(refused.body).toMatchObject({
        code: 'AUTH_SESSION_ENDED',
        message: 'Your session has ended. Please sign in again.',
      });
    }
    const current = await jwt.signAsync({ sub: user.id, tokenVersion: 0 });
    const me = await http().get('/api/auth/user').set('Authorization', `Bearer ${current}`).expect(200);
    expect(me.body.user).toEqual(user);
  });

  it('refuses a duplicate username regardless of case: 409', async () => {
    const username = uniqueName('Bob');
    await register(username);
    const response = await http()
      .post('/api/auth/register')
      .send({ username: username.toLowerCase(), password: 'secret123' })
      .expect(409);
    expect(response.body).toMatchObject({
      code: 'AUTH_USERNAME_TAKEN',
      message: 'That username is already taken. Please choose another one.',
    });
  });

  it.each([
    [
      { username: 'ab', password: 'secret123' },
      'Username must be 3 to 32 characters: letters, digits, _ . or -.',
    ],
    [
      { username: 'x'.repeat(33), password: 'secret123' },
      'Username must be 3 to 32 characters: letters, digits, _ . or -.',
    ],
    [
      { username: 'bad name!', password: 'secret123' },
      'Username must be 3 to 32 characters: letters, digits, _ . or -.',
    ],
    [{ username: 'good_name', password: '12345' }, 'Password must be at least 6 characters long.'],
    [
      { username: 'good_name', password: 'secret123', email: 'not-an-email' },
      'Please enter a valid email address.',
    ],
    [{ username: 'good_name', password: 'secret123', admin: true }, 'property admin should not exist'],
  ])('register validation: %j → 400', async (body, detail) => {
    const response = await http().post('/api/auth/register').send(body).expect(400);
    expect(response.body.details).toContain(detail);
  });

  it('accepts an empty e-mail as none and letters, digits, _ . - in usernames', async () => {
    const username = `a.b-c_${seq++}`;
    const response = await http()
      .post('/api/auth/register')
      .send({ username, email: '', password: 'secret' })
      .expect(201);
    expect(response.body.user.email).toBeNull();
  });

  it('wrong password and unknown user: the same 401', async () => {
    const { user } = await register();
    const wrong = await http()
      .post('/api/auth/login')
      .send({ username: user.username, password: 'wrong-pass' })
      .expect(401);
    const unknown = await http()
      .post('/api/auth/login')
      .send({ username: uniqueName('ghost'), password: 'secret123' })
      .expect(401);
    expect(wrong.body).toMatchObject({
      code: 'AUTH_INVALID_CREDENTIALS',
      message: 'Invalid username or password. Please check your credentials and try again.',
    });
    expect(unknown.body.message).toBe(wrong.body.message);
    await http().post('/api/auth/login').send({ username: user.username }).expect(400);
  });

  it('updates the profile; a taken username is refused', async () => {
    const a = await register();
    const b = await register();
    const renamed = uniqueName('Renamed');
    const response = await http()
      .put('/api/auth/profile')
      .set('Authorization', `Bearer ${a.token}`)
      .send({ username: renamed, email: 'new@example.com', currentPassword: 'secret123' })
      .expect(200);
    expect(response.body.user).toMatchObject({ id: a.user.id, username: renamed, email: 'new@example.com' });
    await http()
      .put('/api/auth/profile')
      .set('Authorization', `Bearer ${a.token}`)
      .send({ username: b.user.username.toUpperCase(), email: 'new@example.com' })
      .expect(409);
    await http()
      .put('/api/auth/profile')
      .set('Authorization', `Bearer ${a.token}`)
      .send({ username: renamed, email: 'bad' })
      .expect(400);
    await http().put('/api/auth/profile').send({ username: renamed }).expect(401);
  });

  it('logout revokes the token: 401 afterwards, a new login works', async () => {
    const { token, user } = await register();
    await http().post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
    const after = await http().get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(401);
    expect(after.body.message).toBe('Your session has ended. Please sign in again.');
    const login = await http()
      .post('/api/auth/login')
      .send({ username: user.username, password: 'secret123' })
      .expect(200);
    await http().get('/api/auth/user').set('Authorization', `Bearer ${login.body.token}`).expect(200);
  });

  it('change-password checks the current one, revokes other tokens and returns a fresh one', async () => {
    const { token, user } = await register();
    const other = (
      await http()
        .post('/api/auth/login')
        .send({ username: user.username, password: 'secret123' })
        .expect(200)
    ).body.token;
    const wrong = await http()
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${token}`)
      .send({ currentPassword: 'nope-nope', newPassword: 'brand-new' })
      .expect(400);
    expect(wrong.body).toMatchObject({
      code: 'AUTH_WRONG_CURRENT_PASSWORD',
      message: 'Your current password is not correct.',
    });
    await http()
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${token}`)
      .send({ currentPassword: 'secret123', newPassword: '123' })
      .expect(400);

    const changed = await http()
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${token}`)
      .send({ currentPassword: 'secret123', newPassword: 'brand-new' })
      .expect(200);
    await http().get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(401);
    await http().get('/api/auth/user').set('Authorization', `Bearer ${other}`).expect(401);
    await http().get('/api/auth/user').set('Authorization', `Bearer ${changed.body.token}`).expect(200);
    await http().post('/api/auth/login').send({ username: user.username, password: 'secret123' }).expect(401);
    await http().post('/api/auth/login').send({ username: user.username, password: 'brand-new' }).expect(200);
  });

  it('a token only ever reads its own user', async () => {
    const a = await register();
    const b = await register();
    const meA = await http().get('/api/auth/user').set('Authorization', `Bearer ${a.token}`).expect(200);
    const meB = await http().get('/api/auth/user').set('Authorization', `Bearer ${b.token}`).expect(200);
    expect(meA.body.user.id).toBe(a.user.id);
    expect(meB.body.user.id).toBe(b.user.id);
    // Updating the profile with A's token changes A only.
    await http()
      .put('/api/auth/profile')
      .set('Authorization', `Bearer ${a.token}`)
      .send({ username: a.user.username, email: 'only-a@example.com', currentPassword: 'secret123' })
      .expect(200);
    const again = await http().get('/api/auth/user').set('Authorization', `Bearer ${b.token}`).expect(200);
    expect(again.body.user).toEqual(b.user);
    // A logout with A's token leaves B signed in.
    await http().post('/api/auth/logout').set('Authorization', `Bearer ${a.token}`).expect(200);
    await http().get('/api/auth/user').set('Authorization', `Bearer ${b.token}`).expect(200);
  });

  describe('forgot / reset password', () => {
    it('unknown username: 404 with the Username Not Found text', async () => {
      const response = await http()
        .post('/api/auth/forgot-password')
        .send({ username: uniqueName('nobody') })
        .expect(404);
      expect(response.body).toMatchObject({
        code: 'AUTH_USERNAME_NOT_FOUND',
        message: 'The username you entered was not found.',
      });
      const blank = await http().post('/api/auth/forgot-password').send({ username: '  ' }).expect(400);
      expect(blank.body.details).toContain('Please enter your username to continue.');
    });

    it('an account without e-mail: canReset false with a clear message', async () => {
      const { user } = await register();
      const response = await http()
        .post('/api/auth/forgot-password')
        .send({ username: user.username })
        .expect(200);
      expect(response.body).toEqual({
        ok: true,
        canReset: false,
        message: expect.stringMatching(/no e-mail address/),
      });
    });

    it('after a profile e-mail change the reset code goes to the new address; the old one gets only the notice', async () => {
      const old = `${uniqueName('olde')}@example.com`;
      const fresh = `${uniqueName('newe')}@example.com`;
      const { user, token } = await register(undefined, old);
      await http()
        .put('/api/auth/profile')
        .set('Authorization', `Bearer ${token}`)
        .send({ username: user.username, email: fresh, currentPassword: 'secret123' })
        .expect(200);
      const forgot = await http()
        .post('/api/auth/forgot-password')
        .send({ username: user.username })
        .expect(200);
      expect(forgot.body).toMatchObject({ canReset: true, emailHint: `${fresh[0]}***@example.com` });
      await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code: await latestCode(fresh), newPassword: 'moved-pass' })
        .expect(200);
      const toOld = await http()
        .get('/api/dev/outbox')
        .query({ to: old })
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
      expect(toOld.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
        'Your Kasa e-mail address was changed',
      ]);
    });

    it('code from the outbox → reset → sign in with the new password; old tokens revoked; no reuse', async () => {
      const email = `${uniqueName('carol')}@example.com`;
      const { user, token } = await register(undefined, email);
      const forgot = await http()
        .post('/api/auth/forgot-password')
        .send({ username: user.username.toUpperCase() })
        .expect(200);
      expect(forgot.body as ForgotPasswordResponse).toMatchObject({
        ok: true,
        canReset: true,
        emailHint: expect.stringMatching(/\*\*\*@example\.com$/),
      });
      const code = await latestCode(email);

      const reset = await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code, newPassword: 'reset-pass' })
        .expect(200);
      expect(reset.body).toEqual({
        ok: true,
        message: 'Your password has been updated. You can now login with your new password.',
      });
      await http().get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(401);
      await http()
        .post('/api/auth/login')
        .send({ username: user.username, password: 'secret123' })
        .expect(401);
      await http()
        .post('/api/auth/login')
        .send({ username: user.username, password: 'reset-pass' })
        .expect(200);

      const reuse = await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code, newPassword: 'another-pass' })
        .expect(400);
      expect(reuse.body).toMatchObject({
        code: 'AUTH_RESET_CODE_EXPIRED',
        message: 'This reset code has expired or was already used. Please request a new code.',
      });
      const [row] = await sql<{ code_hash: string }>('SELECT code_hash FROM password_reset_codes');
      expect(row.code_hash).not.toContain(code);
    });

    it('5 wrong tries lock the code, even the right one afterwards', async () => {
      const email = `${uniqueName('dave')}@example.com`;
      const { user } = await register(undefined, email);
      await http().post('/api/auth/forgot-password').send({ username: user.username }).expect(200);
      const code = await latestCode(email);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 4; i >= 1; i--) {
        const response = await http()
          .post('/api/auth/reset-password')
          .send({ username: user.username, code: wrongCode, newPassword: 'whatever' })
          .expect(400);
        expect(response.body).toMatchObject({
          code: 'AUTH_RESET_CODE_WRONG',
          message: `The reset code is not correct. ${i} ${i === 1 ? 'try' : 'tries'} left.`,
        });
      }
      const fifth = await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code: wrongCode, newPassword: 'whatever' })
        .expect(400);
      expect(fifth.body).toMatchObject({
        code: 'AUTH_RESET_CODE_LOCKED',
        message: 'Too many wrong codes. Please request a new code.',
      });
      const right = await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code, newPassword: 'whatever' })
        .expect(400);
      expect(right.body.message).toBe('Too many wrong codes. Please request a new code.');
      await http()
        .post('/api/auth/login')
        .send({ username: user.username, password: 'secret123' })
        .expect(200);

      // A new code replaces the locked one.
      await http().post('/api/auth/forgot-password').send({ username: user.username }).expect(200);
      const fresh = await latestCode(email);
      await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code: fresh, newPassword: 'whatever' })
        .expect(200);
    });

    it('an expired code is refused; a malformed code is a 400', async () => {
      const email = `${uniqueName('erin')}@example.com`;
      const { user } = await register(undefined, email);
      await http().post('/api/auth/forgot-password').send({ username: user.username }).expect(200);
      const code = await latestCode(email);
      await sql(
        `UPDATE password_reset_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [user.id],
      );
      const response = await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code, newPassword: 'whatever' })
        .expect(400);
      expect(response.body.message).toBe(
        'This reset code has expired or was already used. Please request a new code.',
      );
      const malformed = await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code: '12ab', newPassword: 'whatever' })
        .expect(400);
      expect(malformed.body.details).toContain('The reset code is the 6 digits from the e-mail we sent you.');
      await http()
        .post('/api/auth/reset-password')
        .send({ username: user.username, code, newPassword: '123' })
        .expect(400);
    });

    it('a code is tied to its own user', async () => {
      const emailA = `${uniqueName('fay')}@example.com`;
      const a = await register(undefined, emailA);
      const b = await register(undefined, `${uniqueName('gus')}@example.com`);
      await http().post('/api/auth/forgot-password').send({ username: a.user.username }).expect(200);
      await http().post('/api/auth/forgot-password').send({ username: b.user.username }).expect(200);
      const codeA = await latestCode(emailA);
      await http()
        .post('/api/auth/reset-password')
        .send({ username: b.user.username, code: codeA, newPassword: 'takeover' })
        .expect((r) => {
          // 400 unless the two random codes happen to be equal (1 in a million).
          expect([400, 200]).toContain(r.status);
        });
    });
  });
});

describe('auth rate limits (Redis storage)', () => {
  let ctx: TestApp;
  const http = () => request(ctx.app.getHttpServer());
  const tiny = { limit: 3, windowMs: 60_000 };
  const generous = { limit: 1000, windowMs: 60_000 };
  /** Requests from another client address (the test app trusts X-Forwarded-For from loopback). */
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  beforeAll(async () => {
    ctx = await createTestApp('auth_limits', {
      queue: 'redis',
      config: {
        rateLimits: {
          loginPerIp: { limit: 6, windowMs: 60_000 },
          loginPerUsernameIp: tiny,
          loginPerUsername: { ...generous, delayMs: 0 },
          registerPerIp: tiny,
          forgotPerIp: generous,
          forgotGlobal: generous,
          forgotPerUsername: tiny,
          resetPerIp: generous,
          resetGlobal: generous,
          resetPerUsernameIp: tiny,
        },
      },
    });
  });
  afterAll(() => ctx.close());

  it('register per IP: 429 RATE_LIMITED in the common error shape, with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      await http()
        .post('/api/auth/register')
        .send({ username: `limit_${i}_${seq++}`, password: 'secret123' })
        .expect(201);
    const response = await http()
      .post('/api/auth/register')
      .send({ username: `limit_x_${seq++}`, password: 'secret123' })
      .expect(429);
    expect(response.body).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/,
      ),
      path: '/api/auth/register',
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address still signs up.
    await http()
      .post('/api/auth/register')
      .set(from('198.51.100.20'))
      .send({ username: `limit_y_${seq++}`, password: 'secret123' })
      .expect(201);
  });

  it('login: per username (any case) from one IP, and per IP', async () => {
    const username = `victim_${seq++}`;
    for (let i = 0; i < 3; i++)
      await http()
        .post('/api/auth/login')
        .send({ username: i % 2 ? username.toUpperCase() : username, password: 'wrong1' })
        .expect(401);
    const locked = await http().post('/api/auth/login').send({ username, password: 'wrong1' }).expect(429);
    expect(locked.headers['retry-after']).toMatch(/^\d+$/);
    // The same username from another address is not locked.
    await http()
      .post('/api/auth/login')
      .set(from('198.51.100.21'))
      .send({ username, password: 'wrong1' })
      .expect(401);
    // Other usernames from the first IP get through until its limit (6 attempts; 4 counted so far).
    await http()
      .post('/api/auth/login')
      .send({ username: `other_${seq++}`, password: 'wrong1' })
      .expect(401);
    await http()
      .post('/api/auth/login')
      .send({ username: `other_${seq++}`, password: 'wrong1' })
      .expect(401);
    await http()
      .post('/api/auth/login')
      .send({ username: `other_${seq++}`, password: 'wrong1' })
      .expect(429);
  });

  it('forgot per username, reset per username from one IP', async () => {
    const name = `nobody_${seq++}`;
    for (let i = 0; i < 3; i++)
      await http().post('/api/auth/forgot-password').send({ username: name }).expect(404);
    const forgot = await http().post('/api/auth/forgot-password').send({ username: name }).expect(429);
    expect(forgot.body.code).toBe('RATE_LIMITED');
    expect(forgot.headers['retry-after']).toMatch(/^\d+$/);
    const reset = { username: name, code: '123456', newPassword: 'secret123' };
    for (let i = 0; i < 3; i++) await http().post('/api/auth/reset-password').send(reset).expect(404);
    await http().post('/api/auth/reset-password').send(reset).expect(429);
    await http().post('/api/auth/reset-password').set(from('198.51.100.22')).send(reset).expect(404);
  });
});

describe('dev outbox in production', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp('auth_prod', {
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(48),
        // Production refuses the sandbox checkout; these keys are never called here.
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        STRIPE_PRICE_ID: 'price_unused',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
        FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-unused',
        FLUTTERWAVE_SECRET_HASH: 'unused-hash',
      },
    });
  });
  afterAll(() => ctx.close());

  it('GET /api/dev/outbox does not exist', async () => {
    await request(ctx.app.getHttpServer()).get('/api/dev/outbox').query({ to: 'a@example.com' }).expect(404);
    // The auth routes are there.
    await request(ctx.app.getHttpServer()).get('/api/auth/user').expect(401);
  });
});
