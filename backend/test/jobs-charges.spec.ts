import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Resvg } from '@resvg/resvg-js';
import JSZip from 'jszip';
import request from 'supertest';
import type { AccountExportView, AuthResponse, SpeechResult } from '@kasa/contracts';
import { EspeakSpeech } from '../src/ai/speech/espeak-ng.speech';
import { createApp } from '../src/app.factory';
import { QueueService } from '../src/queue';
import { queueOfJob } from '../src/queue/job-map';
import { createQueueDriver } from '../src/queue/queue-driver';
import {
  JOB_USAGE_SETTLEMENT_TTL_DAYS,
  JobUsageSettlementsCleanup,
} from '../src/usage/job-usage-settlements.cleanup';
import { usagePeriodOf } from '../src/usage/usage-period';
import { estimatedSpeechSeconds, meteredSeconds } from '../src/voice/speech-seconds';
import { WorkerModule } from '../src/worker.module';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { startApiProcess } from './support/api-process';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';
import { createTestEnvironment, type QueueBackend, type TestEnvironment } from './support/test-app';
import { sql } from './chat-support';
import { MANY_SIGN_UPS, usedIn } from './support/usage-support';

/**
 * Jobs that carry a usage reservation (speech, images) when the request waiting for them goes
 * away, when the same job runs twice, and when the storage is full
 * (docs/operations.md#jobs-that-carry-a-charge).
 */
jest.setTimeout(120_000);

const TS_CHILD = join(__dirname, 'support', 'ts-child.cjs');
const JOB_WORKER = join(__dirname, 'support', 'job-worker.ts');
const JOBS = { lockDurationMs: 1500, stalledIntervalMs: 500, maxStalledCount: 1 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Basic plan's voice seconds a month (docs/product.md#plans-and-limits). */
const BASIC_VOICE_SECONDS = 600;
/** Long enough that the estimate and the real duration differ by tens of seconds. */
const LONG_TEXT = Array.from(
  { length: 14 },
  (_, index) =>
    `Sentence ${index + 1}: plant the maize when the first rains soak the field, then weed it twice.`,
).join(' ');

/** Reads until `done` holds or the time is up; answers the last value read. */
async function until<T>(
  _what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    // The caller's expect shows the last value read.
    if (Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** Every stored object under DATA_DIR/files (thumbnails and temporary files aside). */
function storedObjects(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.tmp') && !entry.name.endsWith('.thumb')) found.push(path);
    }
  };
  walk(root);
  return found;
}

function startWorkerProcess(config: object, children: ChildProcess[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [TS_CHILD, JOB_WORKER], {
    env: { ...process.env, KASA_TEST_CONFIG: JSON.stringify(config) },
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

const PROVIDER_PNG = new Resvg(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="#3a3"/></svg>',
)
  .render()
  .asPng();

/** POST /v1/images/generations of the OpenAI wire format, counting the calls (a paid provider). */
async function startCountingImagesServer() {
  let calls = 0;
  const server: LoopbackServer = await startLoopbackServer(
    async (req: IncomingMessage, res: ServerResponse) => {
      for await (const _chunk of req) void _chunk;
      res.writeHead(req.url === '/v1/images/generations' ? 200 : 404, { 'content-type': 'application/json' });
      if (req.url !== '/v1/images/generations') {
        res.end('{"error":{"message":"no route"}}');
        return;
      }
      calls += 1;
      res.end(
        JSON.stringify({
          created: Math.floor(Date.now() / 1000),
          data: [{ b64_json: PROVIDER_PNG.toString('base64') }],
        }),
      );
    },
  );
  return { baseUrl: `${server.origin}/v1`, calls: () => calls, close: () => server.close() };
}

describe.each<QueueBackend>(['postgres', 'redis'])('jobs that carry a charge, queue on %s', (backend) => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  const voiceUsed = (env: TestEnvironment, userId: string) =>
    usedIn(env.databaseUrl, userId, 'voiceMinutesPerMonth', usagePeriodOf(new Date()));
  const setVoiceUsed = (env: TestEnvironment, userId: string, used: number) =>
    sql(
      env.databaseUrl,
      `INSERT INTO usage_counters (user_id, period, feature, used) VALUES ($1, $2::date, 'voiceMinutesPerMonth', $3)`,
      [userId, usagePeriodOf(new Date()), used],
    );
  const audioFiles = (env: TestEnvironment, userId: string) =>
    sql<{ id: string }>(env.databaseUrl, `SELECT id FROM files WHERE user_id = $1 AND kind = 'audio'`, [
      userId,
    ]);

  it('settles a speech estimate to the real seconds in the worker when the waiting API died, and the retry is not refused', async () => {
    const env = await createTestEnvironment(`charges_speak_${backend}`, {
      queue: backend,
      env: { WORKER_MODE: 'off', ...MANY_SIGN_UPS },
      config: { rateLimits: GENEROUS_RATE_LIMITS, jobs: JOBS },
    });
    let retryApi: INestApplication | undefined;
    try {
      // eSpeak NG is deterministic: this is the duration the worker will measure.
      const spoken = await new EspeakSpeech().synthesize({ text: LONG_TEXT, voice: 'alloy', format: 'mp3' });
      const real = meteredSeconds(spoken.durationSeconds!);
      const estimate = estimatedSpeechSeconds(LONG_TEXT);
      expect(estimate - real).toBeGreaterThan(20);
      // Room for the real seconds and one more estimate, not for two estimates.
      const before = BASIC_VOICE_SECONDS - estimate - real - Math.floor((estimate - real) / 2);
      expect(before + 2 * estimate).toBeGreaterThan(BASIC_VOICE_SECONDS);

      const api = await startApiProcess(env.config);
      const user = await registerUser(api.baseUrl, { prefix: 'charges' });
      await setVoiceUsed(env, user.user.id, before);
      const abandoned = fetch(`${api.baseUrl}/api/voice/speak`, {
        method: 'POST',
        headers: { ...bearer(user), 'content-type': 'application/json' },
        body: JSON.stringify({ text: LONG_TEXT, voice: 'alloy', format: 'mp3' }),
      }).catch(() => 'gone');
      expect(
        await until(
          'the estimate',
          () => voiceUsed(env, user.user.id),
          (used) => used === before + estimate,
        ),
      ).toBe(before + estimate);
      // Killed once its job is queued (the reservation is taken just before it is added).
      const driver = createQueueDriver(env.config);
      const voiceQueue = new driver.Queue(queueOfJob('voice.speak'), driver.options as never);
      try {
        expect(
          await until(
            'the queued job',
            () => voiceQueue.getJobCountByTypes('wait'),
            (n) => n === 1,
          ),
        ).toBe(1);
      } finally {
        await voiceQueue.close();
      }
      api.child.kill('SIGKILL');
      expect(await abandoned).toBe('gone');

      // A worker started after the request is gone runs the job and settles it.
      await startWorkerProcess(env.config, children);
      expect(
        await until(
          'the stored audio',
          () => audioFiles(env, user.user.id),
          (rows) => rows.length === 1,
        ),
      ).toHaveLength(1);
      expect(
        await until(
          'the settlement',
          () => voiceUsed(env, user.user.id),
          (used) => used === before + real,
          10_000,
        ),
      ).toBe(before + real);

      // The retry fits (it would not have with the estimate still taken).
      retryApi = await createApp({ ...env.config, workerMode: 'off' });
      await retryApi.init();
      const retry = await request(retryApi.getHttpServer())
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text: LONG_TEXT, voice: 'alloy', format: 'mp3' });
      expect([retry.status, retry.body.code]).toEqual([200, undefined]);
      expect(await voiceUsed(env, user.user.id)).toBe(before + 2 * real);
    } finally {
      await retryApi?.close();
      await env.dispose();
    }
  });

  it('keeps one stored audio, charged once, when the same speech job runs twice', async () => {
    const env = await createTestEnvironment(`charges_rerun_${backend}`, {
      queue: backend,
      env: { WORKER_MODE: 'off', ...MANY_SIGN_UPS },
      config: { rateLimits: GENEROUS_RATE_LIMITS, jobs: JOBS },
    });
    const app = await createApp(env.config);
    await app.init();
    let worker: INestApplicationContext | undefined;
    try {
      const http = () => request(app.getHttpServer());
      const user = await registerUser(app, { prefix: 'rerun' });
      const queue = app.get(QueueService).queue(queueOfJob('voice.speak'));
      const text = 'Plant the maize when the first rains come.';
      const speaking = http()
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text, voice: 'nova', format: 'mp3' });
      const pending = speaking.then((response) => response);
      // The job as the API queued it, before any worker runs it.
      const [queued] = await until(
        'the queued job',
        () => queue.getJobs(['waiting', 'wait', 'prioritized']),
        (jobs) => jobs.length === 1,
      );
      expect(queued).toBeDefined();
      worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(env.config), {
        logger: false,
      });
      await worker.init();
      const first = await pending;
      expect(first.status).toBe(200);
      const spoken = first.body as SpeechResult;

      // The same job again (what a worker does when its completion did not reach the queue).
      const rerun = await queue.add('voice.speak', queued.data as object, { attempts: 1 });
      const again = (await app.get(QueueService).waitForResult(rerun, 60_000)) as { fileId: string };

      const rows = await audioFiles(env, user.user.id);
      expect(rows).toHaveLength(1);
      expect(again.fileId).toBe(rows[0].id);
      expect(storedObjects(env.config.dataDir)).toHaveLength(1);
      expect(await voiceUsed(env, user.user.id)).toBe(meteredSeconds(spoken.duration));

      // One settlement for the job however often it ran; the hourly cleanup deletes it once old.
      const settlements = () =>
        sql(env.databaseUrl, 'SELECT job_key FROM job_usage_settlements WHERE user_id = $1', [user.user.id]);
      expect(await settlements()).toHaveLength(1);
      await sql(
        env.databaseUrl,
        `UPDATE job_usage_settlements SET settled_at = now() - make_interval(days => $2::int + 1) WHERE user_id = $1`,
        [user.user.id, JOB_USAGE_SETTLEMENT_TTL_DAYS],
      );
      expect(await app.get(JobUsageSettlementsCleanup).run()).toBe(1);
      expect(await settlements()).toHaveLength(0);

      // The data export lists it once.
      const started = await http().post('/api/account/export').set(bearer(user)).send({}).expect(202);
      const id = (started.body as { export: AccountExportView }).export.id;
      const done = await until(
        'the export',
        async () =>
          (await http().get(`/api/account/export/${id}`).set(bearer(user)).expect(200))
            .body as AccountExportView,
        (view) => view.status === 'completed' || view.status === 'failed',
      );
      expect(done.status).toBe('completed');
      const zipped = await http()
        .get(done.downloadUrl!)
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const zip = await JSZip.loadAsync(zipped.body as Buffer);
      const account = JSON.parse(await zip.file('account.json')!.async('string')) as {
        files: Array<{ id: string; kind: string }>;
      };
      expect(account.files.filter((file) => file.kind === 'audio')).toEqual([
        expect.objectContaining({ id: rows[0].id }),
      ]);
    } finally {
      await worker?.close();
      await app.close();
      await env.dispose();
    }
  });

  describe('on a full disk', () => {
    let env: TestEnvironment;
    let app: INestApplication;
    let images: Awaited<ReturnType<typeof startCountingImagesServer>>;
    let mounted = '';
    const http = () => request(app.getHttpServer());

    beforeAll(async () => {
      images = await startCountingImagesServer();
      env = await createTestEnvironment(`charges_full_${backend}`, {
        queue: backend,
        env: {
          ...MANY_SIGN_UPS,
          IMAGE_ENGINE: 'openai-compatible',
          IMAGE_MODEL: 'dall-e-3',
          OPENAI_BASE_URL: images.baseUrl,
          OPENAI_API_KEY: 'sk-test-0123456789abcdef',
          TTS_ENGINE: 'offline',
          AI_MAX_RETRIES: '0',
        },
        config: { rateLimits: GENEROUS_RATE_LIMITS, jobs: JOBS },
      });
      // A real full file system: a small tmpfs under the data folder, filled up.
      mounted = join(env.config.dataDir, 'files');
      mkdirSync(mounted, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mounted]);
      const filler = join(mounted, 'filler.tmp');
      try {
        for (;;) appendFileSync(filler, Buffer.alloc(4096, 1));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      app = await createApp(env.config);
      await app.init();
    });
    afterAll(async () => {
      await app?.close();
      if (mounted) execFileSync('umount', [mounted]);
      await env?.dispose();
      await images?.close();
    });

    it('calls the image provider once, answers 507 STORAGE_FULL and gives the generation back', async () => {
      const user: AuthResponse = await registerUser(app, { prefix: 'full' });
      const answer = await http()
        .post('/api/media/generate')
        .set(bearer(user))
        .send({ prompt: 'A baobab at dusk', type: 'image' });
      expect(answer.status).toBe(507);
      expect(answer.body).toMatchObject({ code: 'STORAGE_FULL' });
      await sleep(1500); // room for a retry that must not come
      expect(images.calls()).toBe(1);
      const used = () =>
        usedIn(env.databaseUrl, user.user.id, 'mediaGenerationsPerMonth', usagePeriodOf(new Date()));
      expect(await until('the refund', used, (value) => value === 0)).toBe(0);
    });

    it('fails speech at once with 507 STORAGE_FULL and gives the seconds back', async () => {
      const user: AuthResponse = await registerUser(app, { prefix: 'full' });
      const answer = await http()
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text: 'Good morning.', voice: 'alloy', format: 'mp3' });
      expect(answer.status).toBe(507);
      expect(answer.body).toMatchObject({ code: 'STORAGE_FULL' });
      expect(
        await until(
          'the refund',
          () => voiceUsed(env, user.user.id),
          (value) => value === 0,
        ),
      ).toBe(0);
    });
  });
});
