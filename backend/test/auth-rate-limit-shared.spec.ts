import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { RateLimitCountersCleanup } from '../src/auth/rate-limit-store/rate-limit-counters.cleanup';
import { RateLimitCountersRepository } from '../src/auth/rate-limit-store/rate-limit-counters.repository';
import { sql } from './chat-support';
import { createTestApp, type TestApp } from './support/test-app';

const LOGIN_LIMIT = 4;

/**
 * Without Redis the sign-in and reset limits are counted in PostgreSQL
 * (auth_rate_limit_counters, auth/rate-limit.service.ts): two instances on one database (as the
 * API processes of API_PROCESSES are) share every count, so a second process is no second set of
 * tries. backend/test/cluster.spec.ts shows the same with real processes.
 */
describe('sign-in limits shared through PostgreSQL', () => {
  let a: TestApp;
  let b: INestApplication;
  let repository: RateLimitCountersRepository;

  beforeAll(async () => {
    a = await createTestApp('ratelimit_shared', { env: { RATE_LIMIT_LOGIN_PER_IP: String(LOGIN_LIMIT) } });
    b = await createApp(a.config);
    await b.init();
    repository = a.app.get(RateLimitCountersRepository);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('wrong sign-ins on two instances add up to one limit per address', async () => {
    const attempt = (app: INestApplication) =>
      request(app.getHttpServer())
        .post('/api/auth/login')
        .send({ username: 'nobody_at_all', password: 'wrong-password' })
        .then((response) => response.status);
    const statuses = await Promise.all([a.app, b, a.app, b, a.app, b, a.app, b].map(attempt));
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LOGIN_LIMIT);
    const late = await request(b.getHttpServer())
      .post('/api/auth/login')
      .send({ username: 'someone_else', password: 'wrong-password' })
      .expect(429);
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts every concurrent hit once, blocks past the limit, then starts a new window', async () => {
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => repository.increment('t:concurrent', 60_000, 100, 60_000)),
    );
    expect(hits.map((hit) => hit.totalHits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );

    for (let i = 0; i < 3; i++) await repository.increment('t:block', 300, 2, 600);
    const blocked = await repository.increment('t:block', 300, 2, 600);
    expect(blocked).toMatchObject({ totalHits: 4, isBlocked: true });
    expect(blocked.timeToBlockExpire).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await repository.increment('t:block', 300, 2, 600)).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('forgets a key, and the cleanup deletes only ended counters', async () => {
    await repository.increment('t:forget', 60_000, 5, 60_000);
    await repository.forget('t:forget');
    expect((await repository.increment('t:forget', 60_000, 5, 60_000)).totalHits).toBe(1);

    await repository.increment('t:ended', 1, 5, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await a.app.get(RateLimitCountersCleanup).run();
    const keys = (await sql<{ key: string }>(a.databaseUrl, `SELECT key FROM auth_rate_limit_counters`)).map(
      (row) => row.key,
    );
    expect(keys).toContain('t:forget');
    expect(keys).not.toContain('t:ended');
  });
});
