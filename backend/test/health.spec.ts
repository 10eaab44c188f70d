import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import request from 'supertest';
import type { HealthResponse } from '@kasa/contracts';
import { PING_JOB, QueueService, SYSTEM_QUEUE, type PingJobData } from '../src/queue';
import { WorkerModule } from '../src/worker.module';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';

const ADMIN = 'health_admin';
/** A caller from elsewhere on the internet (the test app trusts X-Forwarded-For from loopback). */
const PUBLIC_CALLER = { 'X-Forwarded-For': '203.0.113.9' };

/** The id BullMQ gives the next system job (ids count up on both backends): one probe job, run and removed. */
async function nextJobId(queues: QueueService): Promise<number> {
  const job = await queues
    .queue<PingJobData>(SYSTEM_QUEUE)
    .add(PING_JOB, { sentAt: Date.now() }, { attempts: 1 });
  await queues.waitForResult(job, 5000);
  await job.remove();
  return Number(job.id);
}

describe.each<QueueBackend>(['postgres', 'redis'])('GET /api/health with the queue on %s', (backend) => {
  describe('API running the workers inline (embedded mode)', () => {
    let ctx: TestApp;
    const http = () => request(ctx.app.getHttpServer());
    beforeAll(async () => {
      ctx = await createTestApp(`health_${backend}`, {
        queue: backend,
        env: { ADMIN_USERNAMES: ADMIN },
        config: { healthQueueCacheMs: 1000 },
      });
    });
    afterAll(() => ctx.close());

    it('answers 200 after a real job round trip and a database query', async () => {
      const response = await http().get('/api/health').expect(200);
      const body = response.body as HealthResponse;
      expect(body.status).toBe('ok');
      expect(body.database).toMatchObject({ status: 'ok', engine: 'external' });
      expect(body.queue).toMatchObject({ status: 'ok', backend });
      expect(body.queue.roundTripMs).toEqual(expect.any(Number));
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('has run the migrations at start', async () => {
      const client = new Client({ connectionString: ctx.databaseUrl });
      await client.connect();
      const { rows } = await client.query('SELECT id FROM installation');
      await client.end();
      expect(rows).toHaveLength(1);
    });

    it('answers 100 concurrent calls, all 200, from one or two queue round trips', async () => {
      const queues = ctx.app.get(QueueService);
      const before = await nextJobId(queues);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the last round trip is stale
      const responses = await Promise.all(Array.from({ length: 100 }, () => http().get('/api/health')));
      expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
      const enqueued = (await nextJobId(queues)) - before - 1;
      expect(enqueued).toBeGreaterThanOrEqual(1);
      expect(enqueued).toBeLessThanOrEqual(2);
    });

    it('tells the public only the statuses; loopback callers and admins get the details', async () => {
      const publicView = await http().get('/api/health').set(PUBLIC_CALLER).expect(200);
      expect(publicView.body).toEqual({ status: 'ok', database: { status: 'ok' }, queue: { status: 'ok' } });
      expect(publicView.headers['cache-control']).toBe('no-store');

      const nobody = await request(ctx.app.getHttpServer())
        .post('/api/auth/register')
        .send({ username: `health_user_${backend}`, password: 'secret123' })
        .expect(201);
      const signedIn = await http()
        .get('/api/health')
        .set(PUBLIC_CALLER)
        .set('Authorization', `Bearer ${nobody.body.token as string}`)
        .expect(200);
      expect(signedIn.body).toEqual(publicView.body);

      const admin = await http()
        .post('/api/auth/register')
        .send({ username: ADMIN, password: 'secret123' })
        .expect(201);
      const adminView = await http()
        .get('/api/health')
        .set(PUBLIC_CALLER)
        .set('Authorization', `Bearer ${admin.body.token as string}`)
        .expect(200);
      expect(adminView.body).toMatchObject({
        version: expect.any(String),
        uptimeSeconds: expect.any(Number),
        database: { status: 'ok', engine: 'external', latencyMs: expect.any(Number) },
        queue: { status: 'ok', backend, roundTripMs: expect.any(Number) },
      });
      const local = await http().get('/api/health').expect(200);
      expect(local.body).toMatchObject({ version: expect.any(String), database: { engine: 'external' } });
    });
  });

  describe('API with WORKER_MODE=off', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await createTestApp(`health_off_${backend}`, {
        queue: backend,
        env: { WORKER_MODE: 'off' },
        config: { healthQueueTimeoutMs: 1500, healthQueueCacheMs: 0 },
      });
    });
    afterAll(() => ctx.close());

    it('reports the queue down (503) while no worker consumes it; the public sees only the statuses', async () => {
      const response = await request(ctx.app.getHttpServer()).get('/api/health').expect(503);
      const body = response.body as HealthResponse;
      expect(body.status).toBe('error');
      expect(body.database.status).toBe('ok');
      expect(body.queue.status).toBe('error');
      // 1500 ms, or the bound with its margin when queueing the ping itself was slow.
      expect(body.queue.error).toMatch(/No worker answered within (1500|1750) ms/);

      const publicView = await request(ctx.app.getHttpServer())
        .get('/api/health')
        .set(PUBLIC_CALLER)
        .expect(503);
      expect(publicView.body).toEqual({
        status: 'error',
        database: { status: 'ok' },
        queue: { status: 'error' },
      });
    });

    it('is healthy once a separate worker process context (worker.ts) runs the processors', async () => {
      const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(ctx.config), {
        logger: false,
      });
      await worker.init();
      try {
        const response = await request(ctx.app.getHttpServer()).get('/api/health').expect(200);
        expect((response.body as HealthResponse).queue).toMatchObject({ status: 'ok', backend });
      } finally {
        await worker.close();
      }
    });
  });
});

describe('the health ping job on PostgreSQL locks no other job', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp('health_locks', {
      queue: 'postgres',
      config: { healthQueueTimeoutMs: 3000, healthQueueCacheMs: 0 },
    });
  });
  afterAll(() => ctx.close());

  /**
   * The 503 under load was a deadlock: the ping job's age/count retention made each completion
   * delete older finished jobs, while BullMQ's stalled-job check held some of those rows (it
   * clears the marks of jobs it saw active earlier) and waited for the row being completed.
   * Holding an old finished job's row here stands in for that check: the completion must not
   * need it.
   */
  it('completes while another transaction holds an old finished job', async () => {
    const queues = ctx.app.get(QueueService);
    const old = await queues.queue<PingJobData>(SYSTEM_QUEUE).add(PING_JOB, { sentAt: 0 }, { attempts: 1 });
    await queues.waitForResult(old, 5000);
    const client = new Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    const job = `"${ctx.config.queuePrefix}_queue"."job"`;
    try {
      const aged = await client.query(
        `UPDATE ${job} SET finished_at_ms = 0 WHERE queue = $1 AND id = $2 AND state = 'completed'`,
        [SYSTEM_QUEUE, old.id],
      );
      expect(aged.rowCount).toBe(1);
      await client.query('BEGIN');
      await client.query(`SELECT 1 FROM ${job} WHERE queue = $1 AND id = $2 FOR UPDATE`, [
        SYSTEM_QUEUE,
        old.id,
      ]);

      const response = await request(ctx.app.getHttpServer()).get('/api/health');
      expect((response.body as HealthResponse).queue).toMatchObject({ status: 'ok' });
      expect(response.status).toBe(200);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  });
});
