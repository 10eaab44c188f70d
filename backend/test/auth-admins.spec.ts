import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { AuthResponse } from '@kasa/contracts';
import { createApp } from '../src/app.factory';
import { bearer, GENEROUS_RATE_LIMITS } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/** ADMIN_USERNAMES of this file; no account holds either name when the API starts. */
const ADMIN = 'boss_admin';
const LATE_ADMIN = 'night_admin';

describe('administrators follow their account, not their name', () => {
  let ctx: TestApp;
  let other: INestApplication | undefined;

  beforeAll(async () => {
    ctx = await createTestApp('auth_admins', {
      env: { ADMIN_USERNAMES: `${ADMIN},${LATE_ADMIN}` },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });
  afterAll(async () => {
    await other?.close();
    await ctx.close();
  });

  const register = async (app: INestApplication, username: string) =>
    (
      await request(app.getHttpServer())
        .post('/api/auth/register')
        .send({ username, password: 'secret123' })
        .expect(201)
    ).body as AuthResponse;
  const rename = (app: INestApplication, who: AuthResponse, username: string) =>
    request(app.getHttpServer()).put('/api/auth/profile').set(bearer(who)).send({ username }).expect(200);
  /** An administrator-only route: 200 for an administrator, 403 AUTH_ADMIN_ONLY otherwise. */
  const outbox = (app: INestApplication, who: AuthResponse) =>
    request(app.getHttpServer()).get('/api/dev/outbox').query({ to: 'ops@example.com' }).set(bearer(who));

  it('after the admin renames, whoever registers the old name is not an administrator, on any instance', async () => {
    const admin = await register(ctx.app, ADMIN);
    await outbox(ctx.app, admin).expect(200);
    await rename(ctx.app, admin, 'boss_renamed');
    await outbox(ctx.app, admin).expect(200);

    const squatter = await register(ctx.app, 'Boss_Admin');
    const refused = await outbox(ctx.app, squatter).expect(403);
    expect(refused.body.code).toBe('AUTH_ADMIN_ONLY');

    // Another API process on the same database (a restart, or a second instance) agrees.
    other = await createApp(ctx.config);
    await other.init();
    await outbox(other, admin).expect(200);
    await outbox(other, squatter).expect(403);

    // The name given up on one instance is no admin name when registered through another.
    const late = await register(other, LATE_ADMIN);
    await outbox(ctx.app, late).expect(200);
    await rename(other, late, 'night_renamed');
    const lateSquatter = await register(ctx.app, LATE_ADMIN);
    await outbox(ctx.app, lateSquatter).expect(403);
    await outbox(other, lateSquatter).expect(403);
    await outbox(other, late).expect(200);
  });
});
