import { randomUUID } from 'node:crypto';
import type { INestApplication, LoggerService } from '@nestjs/common';
import request from 'supertest';
import type { HealthResponse } from '@kasa/contracts';
import { createApp } from '../src/app.factory';
import { createTestEnvironment, type QueueBackend, type TestEnvironment } from './support/test-app';
import { TEST_REDIS_URL } from './support/test-database';
import { startTcpProxy, type TcpProxy, throughProxy } from './support/tcp-proxy';

interface LogLine {
  level: 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';
  text: string;
}

/** Every Nest log line of the app (the filter's, the database's, the rate limiter's), kept for assertions. */
class CapturingLogger implements LoggerService {
  readonly lines: LogLine[] = [];
  private keep(level: LogLine['level'], message: unknown, rest: unknown[]) {
    this.lines.push({ level, text: [message, ...rest].map((part) => String(part)).join(' ') });
  }
  log(message: unknown, ...rest: unknown[]) {
    this.keep('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.keep('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.keep('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.keep('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.keep('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.keep('fatal', message, rest);
  }
}

async function startApp(environment: TestEnvironment, overrides: Partial<TestEnvironment['config']>) {
  const logger = new CapturingLogger();
  const app = await createApp({ ...environment.config, ...overrides });
  app.useLogger(logger);
  // createApp buffers logs until told (main.ts flushes them after listen).
  app.flushLogs();
  await app.init();
  return { app, logger };
}

/** Polls `attempt` until it returns true (a service coming back); fails after `withinMs`. */
async function eventually(attempt: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await attempt()) return;
    if (Date.now() > deadline) throw new Error(`Not true within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const PASSWORD = 'secret123';

describe.each<QueueBackend>(['redis', 'postgres'])('PostgreSQL unreachable (queue on %s)', (queue) => {
  let environment: TestEnvironment;
  let proxy: TcpProxy;
  let app: INestApplication;
  let logger: CapturingLogger;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    environment = await createTestEnvironment(`outage_pg_${queue}`, { queue });
    proxy = await startTcpProxy(Number(new URL(environment.databaseUrl).port || 5432));
    ({ app, logger } = await startApp(environment, {
      databaseUrl: throughProxy(environment.databaseUrl, proxy),
    }));
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await environment?.dispose();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, logs one warning, and recovers', async () => {
    const registered = await http()
      .post('/api/auth/register')
      .send({ username: 'outage_pg_user', password: PASSWORD })
      .expect(201);
    const token = registered.body.token as string;
    await http().get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(200);

    proxy.pause();
    const before = logger.lines.length;
    const calls = [
      () => http().get('/api/auth/user').set('Authorization', `Bearer ${token}`),
      () => http().get(`/api/legal/cookie-preferences/${randomUUID()}?type=session`),
      () => http().post('/api/auth/login').send({ username: 'outage_pg_user', password: PASSWORD }),
    ];
    for (let round = 0; round < 3; round++) {
      for (const call of calls) {
        const response = await call();
        expect(response.status).toBe(503);
        expect(response.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }

    const started = Date.now();
    const health = await http().get('/api/health');
    expect(Date.now() - started).toBeLessThan(6500);
    expect(health.status).toBe(503);
    expect((health.body as HealthResponse).database.status).toBe('error');

    const during = logger.lines.slice(before);
    // The queue's own workers (on PostgreSQL) report their lost connection themselves; what the
    // requests and queries log is what this checks.
    const fromRequests = (line: LogLine) => !/ (WorkerService|QueueService)$/.test(line.text);
    expect(
      during.filter((line) => (line.level === 'error' || line.level === 'fatal') && fromRequests(line)),
    ).toEqual([]);
    expect(during.filter((line) => /\n\s+at /.test(line.text))).toEqual([]);
    // Background sweeps (other modules) may tell of their own failed round; the requests add nothing
    // beyond the one outage warning.
    expect(during.filter((line) => /ApiExceptionFilter/.test(line.text))).toEqual([]);
    const warnings = during.filter((line) => line.level === 'warn' && /PostgreSQL/.test(line.text));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.text).toMatch(/cannot be reached/);

    proxy.resume();
    await eventually(async () => {
      const response = await http().get('/api/auth/user').set('Authorization', `Bearer ${token}`);
      return response.status === 200;
    }, 20_000);
    await http().post('/api/auth/login').send({ username: 'outage_pg_user', password: PASSWORD }).expect(200);
    // Recovery is told once, at info level (Nest's 'log').
    await eventually(
      async () =>
        logger.lines.some((line) => line.level === 'log' && /PostgreSQL is reachable again/.test(line.text)),
      10_000,
    );
    const after = logger.lines.slice(before);
    expect(after.filter((line) => line.level === 'warn' && /PostgreSQL/.test(line.text))).toHaveLength(1);
    expect(
      after.filter((line) => line.level === 'log' && /PostgreSQL is reachable again/.test(line.text)),
    ).toHaveLength(1);
    expect(
      after.filter((line) => (line.level === 'error' || line.level === 'fatal') && fromRequests(line)),
    ).toEqual([]);
  });
});

describe('Redis unreachable', () => {
  let environment: TestEnvironment;
  let proxy: TcpProxy;
  let app: INestApplication;
  let logger: CapturingLogger;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    environment = await createTestEnvironment('outage_redis', { queue: 'redis' });
    proxy = await startTcpProxy(Number(new URL(TEST_REDIS_URL).port || 6379));
    ({ app, logger } = await startApp(environment, { redisUrl: throughProxy(TEST_REDIS_URL, proxy) }));
  });
  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await proxy?.close();
    await environment?.dispose();
  });

  it('still registers and signs people in (limits counted locally) and health answers 503 within 6 s', async () => {
    await http()
      .post('/api/auth/register')
      .send({ username: 'outage_redis_a', password: PASSWORD })
      .expect(201);

    proxy.pause();
    const registered = await http()
      .post('/api/auth/register')
      .send({ username: 'outage_redis_b', password: PASSWORD });
    expect(registered.status).toBe(201);
    const signedIn = await http()
      .post('/api/auth/login')
      .send({ username: 'outage_redis_a', password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));

    // The local fallback still limits: the 11th wrong password for one name from one address is refused.
    const wrong: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await http()
        .post('/api/auth/login')
        .send({ username: 'outage_redis_b', password: 'wrong-password' });
      wrong.push(response.status);
    }
    expect(wrong.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(wrong[10]).toBe(429);

    const started = Date.now();
    const health = await http().get('/api/health');
    expect(Date.now() - started).toBeLessThan(6500);
    expect(health.status).toBe(503);
    const body = health.body as HealthResponse;
    expect(body.status).toBe('error');
    expect(body.queue.status).toBe('error');

    const limiterWarnings = logger.lines.filter(
      (line) => line.level === 'warn' && /rate limit/i.test(line.text),
    );
    expect(limiterWarnings).toHaveLength(1);

    proxy.resume();
    await eventually(async () => (await http().get('/api/health')).status === 200, 30_000);
    await eventually(
      async () => logger.lines.some((line) => line.level === 'log' && /Redis answers again/.test(line.text)),
      10_000,
    );
    await http().post('/api/auth/login').send({ username: 'outage_redis_a', password: PASSWORD }).expect(200);
  }, 90_000);
});

describe.each<QueueBackend>(['redis', 'postgres'])(
  'sign-in limit per username and address (queue on %s: counts in Redis, or in memory)',
  (queue) => {
    let environment: TestEnvironment;
    let app: INestApplication;
    const http = () => request(app.getHttpServer());

    beforeAll(async () => {
      environment = await createTestEnvironment(`signin_limit_${queue}`, { queue });
      ({ app } = await startApp(environment, {}));
    });
    afterAll(async () => {
      await app?.close();
      await environment?.dispose();
    });

    it('counts failures only: 15 sign-ins in a row succeed; 10 wrong passwords still lock the 11th try', async () => {
      await http()
        .post('/api/auth/register')
        .send({ username: 'often_signs_in', password: PASSWORD })
        .expect(201);
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const response = await http()
          .post('/api/auth/login')
          .send({ username: 'often_signs_in', password: PASSWORD });
        statuses.push(response.status);
      }
      expect(statuses).toEqual(Array(15).fill(200));

      await http()
        .post('/api/auth/register')
        .send({ username: 'guessed_at', password: PASSWORD })
        .expect(201);
      const failures: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await http()
          .post('/api/auth/login')
          .send({ username: 'guessed_at', password: `wrong-${i}` });
        failures.push(response.status);
      }
      expect(failures.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(failures[10]).toBe(429);
      // Locked: the right password from this address waits out the window too.
      await http().post('/api/auth/login').send({ username: 'guessed_at', password: PASSWORD }).expect(429);
    }, 60_000);
  },
);
