// bench/media-voice: offline text to speech (eSpeak NG then ffmpeg, mp3) through Kasa's
// POST /api/voice/speak, and the job queue it runs on. Prints:
//   1. 4,000 characters spoken: wall time and real-time factor (audio seconds / wall seconds),
//      median of --tts-runs;
//   2. --concurrency concurrent short POST /api/voice/speak: p50/p99 latency and throughput,
//      (a) with the API's inline worker (WORKER_MODE=inline) and (b) with WORKER_MODE=off and a
//      separate worker process (node backend/dist/worker.js), both on Redis;
//   3. the queue's own cost per job: 'system.ping' round trips on Redis and on PostgreSQL.
// Figures only, never a test.
//
//   node bench/media-voice/run.mjs [--tts-runs 3] [--concurrency 50] [--pings 200] [--no-build]
//
// A separate worker needs a database the API does not own, so this benchmark always runs on a
// PostgreSQL server: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a fresh
// database per setup) and Redis at REDIS_URL (default redis://127.0.0.1:6379).
import { spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import { repoRoot, startKasa } from '../support/kasa-server.mjs';
import { measurePings } from './queue-ping.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ttsRuns = arg('tts-runs', 3);
const concurrency = arg('concurrency', 50);
const pings = arg('pings', 200);
const basePort = Number(process.env.BENCH_PORT ?? 3240);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['nx', 'run', '@kasa/backend:build', '--output-style=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const median = (values) => percentile(values, 50);
const ms = (value) => `${value.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The database startKasa makes for `name` on DATABASE_URL (a separate worker must use it too). */
function databaseUrlOf(name) {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/kasa_${name}`;
  return url.toString();
}

/**
 * Settings of every setup: offline speech whatever this shell has, files where API and worker
 * both see them. LOG_LEVEL fatal: every speech request is slow enough to be logged as a warning,
 * and the health check's 503 while the worker starts as an error; failures are printed below.
 */
const settingsFor = (name) => ({
  TTS_ENGINE: 'offline',
  STT_ENGINE: 'offline',
  DATA_DIR: join(repoRoot, '.data', name),
  QUEUE_PREFIX: `kasa_${name}`,
  LOG_LEVEL: 'fatal',
});

/**
 * Kasa with WORKER_MODE=off and a worker process beside it. The worker starts once the API has
 * migrated its fresh database (the API answers at all); startKasa waits until the health
 * check's ping has gone through that worker.
 */
async function startKasaWithWorker({ name, port }) {
  const env = { ...settingsFor(name), REDIS_URL: redisUrl, WORKER_MODE: 'off' };
  const origin = `http://127.0.0.1:${port}`;
  const kasaStarting = startKasa({ name, port, embeddedPgPort: 0, env });
  let worker;
  let kasaFailed = false;
  const workerStarting = (async () => {
    for (let i = 0; i < 120 && !kasaFailed; i += 1) {
      await new Promise((r) => setTimeout(r, 500));
      const answered = await fetch(`${origin}/api/health`).then(
        () => true,
        () => false,
      );
      if (!answered) continue;
      worker = spawn(process.execPath, [join(repoRoot, 'backend/dist/worker.js')], {
        env: { ...process.env, ...env, DATABASE_URL: databaseUrlOf(name) },
        stdio: 'inherit',
      });
      return;
    }
  })();
  const stopWorker = () =>
    new Promise((resolve) => {
      if (!worker || worker.exitCode !== null) return resolve();
      worker.once('exit', () => resolve());
      worker.kill('SIGTERM');
    });
  try {
    const kasa = await kasaStarting;
    await workerStarting;
    return {
      ...kasa,
      stop: async () => {
        await kasa.stop();
        await stopWorker();
      },
    };
  } catch (error) {
    kasaFailed = true;
    await workerStarting;
    await stopWorker();
    throw error;
  }
}

const dispatcher = new Agent({
  connections: concurrency + 10,
  headersTimeout: 300_000,
  bodyTimeout: 300_000,
});

async function speak(kasa, token, text) {
  const started = performance.now();
  const response = await fetch(`${kasa.origin}/api/voice/speak`, {
    method: 'POST',
    dispatcher,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ text, voice: 'alloy', format: 'mp3' }),
  });
  const body = await response.json();
  const wallMs = performance.now() - started;
  if (!response.ok) throw new Error(`${response.status} ${body.code ?? ''} ${body.message ?? ''}`);
  return { wallMs, duration: body.duration };
}

/** English prose (the voice is picked by the text's language), exactly `length` characters. */
function longText(length) {
  const sentences = [
    'Farmers in the valley plant maize when the first long rains arrive in March.',
    'A good harvest depends on healthy soil, clean seed and careful weeding in the first weeks.',
    'Market prices rise before the school term begins, so many families sell part of the crop early.',
    'Cooperatives help small growers share tractors, store grain safely and negotiate with buyers.',
    'Mobile money has made it easier to pay workers and receive payment from traders in town.',
    'Extension officers visit each village twice a season to advise on pests and fertiliser.',
  ];
  let text = '';
  for (let i = 0; text.length < length; i += 1) text += `${sentences[i % sentences.length]} `;
  return text.slice(0, length);
}

/** Each request by its own user: 4,000 characters reserve 402 of the Basic plan's 600 voice seconds. */
async function measureLongSpeech(kasa) {
  const text = longText(4000);
  const runs = [];
  for (let run = 0; run < ttsRuns; run += 1) runs.push(await speak(kasa, await kasa.register('tts'), text));
  const wallS = median(runs.map((r) => r.wallMs)) / 1000;
  const audioS = median(runs.map((r) => r.duration));
  const factors = runs.map((r) => r.duration / (r.wallMs / 1000));
  console.log(
    `  4,000 characters to mp3 (offline eSpeak NG + ffmpeg, through POST /api/voice/speak): median wall ${wallS.toFixed(2)} s for ${audioS.toFixed(1)} s of audio, real-time factor ${median(factors).toFixed(1)}× (runs: ${runs.map((r) => `${(r.wallMs / 1000).toFixed(2)} s`).join(', ')})`,
  );
}

/**
 * `concurrency` users, one short text each, all sent at once; before that, a few of the same
 * requests one at a time (the first warms up), whose median is the cost of one request alone.
 */
async function measureConcurrentSpeech(kasa, label) {
  const tokens = [];
  for (let i = 0; i < concurrency + 1; i += 1) tokens.push(await kasa.register('speak'));
  const alone = [];
  for (let i = 0; i < 6; i += 1)
    alone.push(
      await speak(
        kasa,
        tokens[concurrency],
        `Request ${i}: the maize harvest is ready for the market this week.`,
      ),
    );
  const aloneMs = median(alone.slice(1).map((r) => r.wallMs));
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: concurrency }, (_, i) =>
      speak(kasa, tokens[i], `Request ${i + 1}: the maize harvest is ready for the market this week.`),
    ),
  );
  const wallS = (performance.now() - started) / 1000;
  const ok = results.filter((r) => r.status === 'fulfilled').map((r) => r.value.wallMs);
  const failures = results.filter((r) => r.status === 'rejected');
  console.log(
    `  ${label}: ${ok.length}/${concurrency} ok in ${wallS.toFixed(2)} s, ${(ok.length / wallS).toFixed(1)} requests/s, latency p50 ${ms(percentile(ok, 50))}, p99 ${ms(percentile(ok, 99))}, max ${ms(Math.max(...ok))} (one request alone: median ${ms(aloneMs)})`,
  );
  if (failures.length) console.log(`    first failure: ${failures[0].reason?.message ?? failures[0].reason}`);
}

async function measureQueue(label, options) {
  const { roundTrip, pickup, missedEvents } = await measurePings({ ...options, jobs: pings });
  console.log(
    `  ${label}: ${roundTrip.length} ping jobs one at a time, add() → result read back p50 ${ms(percentile(roundTrip, 50))}, p99 ${ms(percentile(roundTrip, 99))}; added → a worker started it p50 ${ms(percentile(pickup, 50))}, p99 ${ms(percentile(pickup, 99))}${missedEvents ? `; ${missedEvents} finish events missed (read by polling)` : ''}`,
  );
}

console.log(`\nmedia-voice: load average ${load()} (1, 5, 15 min) before`);

// (a) Inline worker on Redis: long speech, concurrent speech, the queue's cost on Redis.
{
  const name = 'bench_voice_inline';
  const kasa = await startKasa({
    name,
    port: basePort,
    embeddedPgPort: 0,
    env: { ...settingsFor(name), REDIS_URL: redisUrl, WORKER_MODE: 'inline' },
  });
  try {
    console.log('\n(a) API with its inline worker (WORKER_MODE=inline), queue on Redis');
    await measureLongSpeech(kasa);
    await measureConcurrentSpeech(kasa, `${concurrency} concurrent POST /api/voice/speak (short texts)`);
    await measureQueue('queue on Redis', { redisUrl, prefix: `kasa_${name}` });
  } finally {
    await kasa.stop();
  }
}

// (b) WORKER_MODE=off and a separate worker process, on Redis.
{
  const kasa = await startKasaWithWorker({ name: 'bench_voice_worker', port: basePort + 1 });
  try {
    console.log(
      '\n(b) API with WORKER_MODE=off and a separate worker process (node backend/dist/worker.js), queue on Redis',
    );
    await measureConcurrentSpeech(kasa, `${concurrency} concurrent POST /api/voice/speak (short texts)`);
  } finally {
    await kasa.stop();
  }
}

// The queue's cost on PostgreSQL (no REDIS_URL: BullMQ's PostgreSQL backend in the app's database).
{
  const name = 'bench_voice_pg';
  const kasa = await startKasa({
    name,
    port: basePort + 2,
    embeddedPgPort: 0,
    env: { ...settingsFor(name), REDIS_URL: '', WORKER_MODE: 'inline' },
  });
  try {
    console.log('\n(c) API with its inline worker, queue on PostgreSQL');
    await measureQueue('queue on PostgreSQL', { databaseUrl: databaseUrlOf(name), prefix: `kasa_${name}` });
  } finally {
    await kasa.stop();
  }
}

await dispatcher.close();
console.log(`\nmedia-voice: load average ${load()} (1, 5, 15 min) after`);
console.log(
  '  (Kasa, its worker, PostgreSQL, Redis and this client share the machine: the figures include that contention)',
);
