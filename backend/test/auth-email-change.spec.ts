import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import type {
  AuthResponse,
  OutboxMessage,
  TwoFactorBackupCodesResponse,
  TwoFactorSetupResponse,
} from '@kasa/contracts';
import { bearer, GENEROUS_RATE_LIMITS, registerUser, uniqueUsername } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const ADMIN = 'mail_change_admin';

/**
 * The e-mail address receives the password reset codes: changing it takes the password (and a
 * code with two-factor sign-in), and the address it replaces is told.
 */
describe('changing the e-mail address', () => {
  let ctx: TestApp;
  let admin: AuthResponse;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    ctx = await createTestApp('email_change', {
      env: { ADMIN_USERNAMES: ADMIN },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    admin = (
      await http().post('/api/auth/register').send({ username: ADMIN, password: 'secret123' }).expect(201)
    ).body as AuthResponse;
  });
  afterAll(() => ctx.close());

  const address = (prefix: string) => `${uniqueUsername(prefix)}@example.com`;
  const outbox = async (to: string) =>
    (await http().get('/api/dev/outbox').query({ to }).set(bearer(admin)).expect(200)).body
      .messages as OutboxMessage[];
  const profile = (who: AuthResponse, body: object) =>
    http()
      .put('/api/auth/profile')
      .set(bearer(who))
      .send({ username: who.user.username, ...body });
  const currentEmail = async (who: AuthResponse) =>
    (await http().get('/api/auth/user').set(bearer(who)).expect(200)).body.user.email as string | null;

  it('needs the current password; the old address is told, reset codes go to the new one', async () => {
    const old = address('old');
    const fresh = address('new');
    const who = await registerUser(ctx.app, { prefix: 'mail', email: old });

    const bare = await profile(who, { email: fresh }).expect(400);
    expect(bare.body).toMatchObject({
      code: 'AUTH_CURRENT_PASSWORD_REQUIRED',
      message: 'Enter your current password to change your e-mail address.',
    });
    const wrong = await profile(who, { email: fresh, currentPassword: 'not-my-password' }).expect(400);
    expect(wrong.body.code).toBe('AUTH_WRONG_CURRENT_PASSWORD');
    expect(await currentEmail(who)).toBe(old);
    expect(await outbox(old)).toEqual([]);

    // The username alone, the same address, or the address left out: no password needed.
    const renamed = uniqueUsername('mail_renamed');
    await profile(who, { username: renamed, email: old }).expect(200);
    await profile({ ...who, user: { ...who.user, username: renamed } }, {}).expect(200);
    expect(await outbox(old)).toEqual([]);

    const changed = await profile(
      { ...who, user: { ...who.user, username: renamed } },
      { email: fresh, currentPassword: 'secret123' },
    ).expect(200);
    expect(changed.body.user.email).toBe(fresh);

    const [notice, ...more] = await outbox(old);
    expect(more).toEqual([]);
    expect(notice.subject).toBe('Your Kasa e-mail address was changed');
    expect(notice.text).toContain(`Hello ${renamed},`);
    expect(notice.text).toContain(`${fresh[0]}***@example.com`);
    expect(notice.text).not.toContain(fresh);
    expect(notice.text).toMatch(/If you did not change it/);
    expect(await outbox(fresh)).toEqual([]);

    const forgot = await http().post('/api/auth/forgot-password').send({ username: renamed }).expect(200);
    expect(forgot.body.emailHint).toBe(`${fresh[0]}***@example.com`);
    expect((await outbox(fresh))[0].subject).toMatch(/password reset code/);
    expect(await outbox(old)).toHaveLength(1);
  });

  it('adding an address needs the password too; removing one tells the address removed', async () => {
    const who = await registerUser(ctx.app, { prefix: 'mail_add' });
    const added = address('added');
    expect((await profile(who, { email: added }).expect(400)).body.code).toBe(
      'AUTH_CURRENT_PASSWORD_REQUIRED',
    );
    await profile(who, { email: added, currentPassword: 'secret123' }).expect(200);
    expect(await outbox(added)).toEqual([]);

    expect((await profile(who, { email: null }).expect(400)).body.code).toBe(
      'AUTH_CURRENT_PASSWORD_REQUIRED',
    );
    await profile(who, { email: '', currentPassword: 'secret123' }).expect(200);
    expect(await currentEmail(who)).toBeNull();
    const [notice] = await outbox(added);
    expect(notice.subject).toBe('Your Kasa e-mail address was removed');
    expect(notice.text).toContain('no longer has an e-mail address');
  });

  it('with two-factor sign-in, also a code: missing or wrong, nothing changes', async () => {
    const old = address('tf_old');
    const fresh = address('tf_new');
    const who = await registerUser(ctx.app, { prefix: 'mail_tf', email: old });
    const setup = (await http().post('/api/auth/two-factor/setup').set(bearer(who)).expect(200))
      .body as TwoFactorSetupResponse;
    const code = TOTP.generate({
      secret: Secret.fromBase32(setup.secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    const { backupCodes } = (
      await http().post('/api/auth/two-factor/confirm').set(bearer(who)).send({ code }).expect(200)
    ).body as TwoFactorBackupCodesResponse;

    const noCode = await profile(who, { email: fresh, currentPassword: 'secret123' }).expect(400);
    expect(noCode.body.code).toBe('AUTH_TWO_FACTOR_CODE_REQUIRED');
    const wrongCode = await profile(who, {
      email: fresh,
      currentPassword: 'secret123',
      code: 'zzzzz-zzzzz',
    }).expect(400);
    expect(wrongCode.body.code).toBe('AUTH_TWO_FACTOR_CODE_WRONG');
    expect(await currentEmail(who)).toBe(old);

    await profile(who, { email: fresh, currentPassword: 'secret123', code: backupCodes[0] }).expect(200);
    expect(await currentEmail(who)).toBe(fresh);
    expect((await outbox(old))[0].subject).toBe('Your Kasa e-mail address was changed');
  });
});
