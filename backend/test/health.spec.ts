import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import request from 'supertest';
import type { HealthResponse } from '@kasa/contracts';
import { WorkerModule } from '../src/worker.module';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';

describe.each<QueueBackend>(['postgres', 'redis'])('GET /api/health with the queue on %s', (backend) => {
  describe('API running the workers inline (embedded mode)', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await createTestApp(`health_${backend}`, { queue: backend });
    });
    afterAll(() => ctx.close());

    it('answers 200 after a real job round trip and a database query', async () => {
      const response = await request(ctx.app.getHttpServer()).get('/api/health').expect(200);
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

    it('answers many concurrent health checks, each with its own job', async () => {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => request(ctx.app.getHttpServer()).get('/api/health')),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    });
  });

  describe('API with WORKER_MODE=off', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await createTestApp(`health_off_${backend}`, {
        queue: backend,
        env: { WORKER_MODE: 'off' },
        config: { healthQueueTimeoutMs: 1500 },
      });
    });
    afterAll(() => ctx.close());

    it('reports the queue down (503) while no worker consumes it', async () => {
      const response = await request(ctx.app.getHttpServer()).get('/api/health').expect(503);
      const body = response.body as HealthResponse;
      expect(body.status).toBe('error');
      expect(body.database.status).toBe('ok');
      expect(body.queue.status).toBe('error');
      expect(body.queue.error).toMatch(/No worker answered within 1500 ms/);
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
