import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { UsageFeature } from '@kasa/contracts';
import { ApiException } from '../src/common/api-exception';
import { QueueService } from '../src/queue';
import { type Reservation, UsageService } from '../src/usage';
import { WorkerModule } from '../src/worker.module';
import { registerUser } from './support/accounts';
import { BLOCK_WORK_ENV, TestJobsModule } from './support/test-jobs';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { MANY_SIGN_UPS, usedIn } from './support/usage-support';

/**
 * Jobs that features own, run the way an HTTP request runs them (QueueService.runJob): on both
 * queue backends, with the API running no worker (WORKER_MODE=off) and workers started beside it,
 * in this process or as child processes that a test kills mid-job.
 */
const FEATURE: UsageFeature = 'mediaGenerationsPerMonth';
const JOBS = { lockDurationMs: 1500, stalledIntervalMs: 500, maxStalledCount: 1 };
const TS_CHILD = join(__dirname, 'support', 'ts-child.cjs');
const JOB_WORKER = join(__dirname, 'support', 'job-worker.ts');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The status and code a rejected runJob answers with. */
async function failureOf(promise: Promise<unknown>): Promise<{ status: number; code?: string }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Error) || !('getStatus' in error))
    throw new Error(`Expected an HTTP failure, got ${String(error)}`);
  const http = error as ApiException;
  return { status: http.getStatus(), code: (http.getResponse() as { code?: string }).code };
}

describe.each<QueueBackend>(['postgres', 'redis'])('feature-owned jobs with the queue on %s', (backend) => {
  let ctx: TestApp;
  let queues: QueueService;
  let usage: UsageService;
  let logDir: string;
  let logCount = 0;
  const children: ChildProcess[] = [];
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    ctx = await createTestApp(`jobs_${backend}`, {
      queue: backend,
      env: { WORKER_MODE: 'off', ...MANY_SIGN_UPS },
      config: { jobs: JOBS },
    });
    queues = ctx.app.get(QueueService);
    usage = ctx.app.get(UsageService);
    logDir = mkdtempSync(join(tmpdir(), 'kasa-jobs-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await worker?.close();
    await ctx.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  /** A new file a test job logs its events to. */
  function newLog(): string {
    const file = join(logDir, `job-${++logCount}.log`);
    writeFileSync(file, '');
    return file;
  }
  const events = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

  /** A new user with one unit of FEATURE reserved. */
  async function reserved(): Promise<Reservation> {
    const { user } = await registerUser(ctx.app, { prefix: `jobs_${backend}` });
    return usage.reserve(user.id, FEATURE);
  }
  const used = (reservation: Reservation) =>
    usedIn(ctx.databaseUrl, reservation.userId, FEATURE, reservation.period);

  async function startWorkerHere(): Promise<void> {
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(ctx.config, [TestJobsModule]), {
      logger: false,
    });
    await worker.init();
  }
  async function stopWorkerHere(): Promise<void> {
    await worker?.close();
    worker = undefined;
  }

  /** A worker process of its own (test/support/job-worker.ts), resolved once it consumes jobs. */
  function startWorkerProcess(env: Record<string, string> = {}): Promise<ChildProcess> {
    const child = spawn(process.execPath, [TS_CHILD, JOB_WORKER], {
      env: { ...process.env, ...env, KASA_TEST_CONFIG: JSON.stringify(ctx.config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`The worker process exited (${code}): ${stderr}`)));
    });
  }

  it('with no worker alive, answers 503 JOB_NO_WORKER after the timeout, refunds, and leaves nothing to run', async () => {
    const reservation = await reserved();
    const logFile = newLog();
    const started = Date.now();
    expect(await failureOf(queues.runJob('test.work', { logFile }, { timeoutMs: 700, reservation }))).toEqual(
      {
        status: 503,
        code: 'JOB_NO_WORKER',
      },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(await used(reservation)).toBe(0);

    await startWorkerHere();
    try {
      expect(await queues.runJob('test.echo', { text: 'after' }, { timeoutMs: 10_000 })).toEqual({
        echo: 'after',
      });
      expect(events(logFile)).toEqual([]); // the withdrawn job never ran
    } finally {
      await stopWorkerHere();
    }
  });

  describe('with a worker in this process', () => {
    beforeAll(startWorkerHere);
    afterAll(stopWorkerHere);

    it("returns the handler's result, and the usage of a job that completed stays taken", async () => {
      const reservation = await reserved();
      const logFile = newLog();
      const result = await queues.runJob('test.work', { logFile }, { timeoutMs: 10_000, reservation });
      expect(result).toEqual({ donePid: process.pid });
      expect(events(logFile)).toEqual([`start ${process.pid}`, `done ${process.pid}`]);
      await sleep(300);
      expect(await used(reservation)).toBe(1);
    });

    it('refunds exactly once a job that fails all its attempts, and answers 502 JOB_FAILED', async () => {
      const reservation = await reserved();
      const kept = await usage.reserve(reservation.userId, FEATURE); // taken for other work: stays
      const logFile = newLog();
      expect(
        await failureOf(
          queues.runJob(
            'test.fail',
            { logFile },
            { timeoutMs: 10_000, reservation, attempts: 3, backoffMs: 20 },
          ),
        ),
      ).toEqual({ status: 502, code: 'JOB_FAILED' });
      expect(events(logFile)).toHaveLength(3);
      await until('the refund', async () => (await used(reservation)) < 2);
      await sleep(500); // a second refund would land by now
      expect(await used(kept)).toBe(1);
    });

    it("answers a handler's ApiException with its status and code, without retrying, and refunds", async () => {
      const reservation = await reserved();
      const logFile = newLog();
      expect(
        await failureOf(
          queues.runJob('test.refuse', { logFile }, { timeoutMs: 10_000, reservation, attempts: 3 }),
        ),
      ).toEqual({ status: 422, code: 'VALIDATION_FAILED' });
      expect(events(logFile)).toHaveLength(1);
      await until('the refund', async () => (await used(reservation)) === 0);
    });
  });

  it('loses nothing when its worker is killed mid-job: another worker completes it once, the usage stays taken', async () => {
    const reservation = await reserved();
    const logFile = newLog();
    const doomed = await startWorkerProcess({ [BLOCK_WORK_ENV]: '1' });
    const result = queues.runJob('test.work', { logFile }, { timeoutMs: 60_000, reservation });
    await until('the job to start', () => events(logFile).length > 0);
    expect(events(logFile)).toEqual([`start ${doomed.pid}`]);
    doomed.kill('SIGKILL');

    const survivor = await startWorkerProcess();
    expect(await result).toEqual({ donePid: survivor.pid });
    expect(events(logFile)).toEqual([`start ${doomed.pid}`, `start ${survivor.pid}`, `done ${survivor.pid}`]);
    await sleep(300);
    expect(await used(reservation)).toBe(1);
    survivor.kill('SIGTERM');
  }, 90_000);
});
