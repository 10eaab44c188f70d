// bench/chat-stream: N concurrent chat streams through Kasa's POST /api/chat against a loopback
// OpenAI-compatible model emitting 20 tokens/s. Prints the latency Kasa adds to each chunk
// (model wrote it → client read it; p50, p99, max) and the server's peak RSS, against the
// budget (docs/architecture.md#performance-budgets; p99 ≤ 10 ms, RSS ≤ 600 MB at 1,000 streams),
// the server's CPU time per streamed chunk (budget in docs/architecture.md#performance-budgets: ≤ 60 µs) and the load average before and
// after. Figures only, never a test.
//
//   node bench/chat-stream/run.mjs [--streams 1000] [--tokens 600] [--users 100] [--bus redis|postgres]
//                                  [--no-direct] [--no-build]
//
// --bus: the reply bus the server publishes chunks on (resumable replies). Default: Redis when
// REDIS_URL is set (redis → REDIS_URL or redis://127.0.0.1:6379), else PostgreSQL (REDIS_URL='').
import { fork, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import { repoRoot, startKasa } from '../support/kasa-server.mjs';
import { cpuMsTree as cpuMs, rssMbTree as rssMb } from '../support/proc.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const streams = arg('streams', 1000);
// 30 s per stream: long enough that every stream is still running when the last one starts (the
// budget is about 1,000 streams at once, measured only while all of them are flowing).
const tokens = arg('tokens', 600);
const users = arg('users', 100);
const port = Number(process.env.BENCH_PORT ?? 3220);
const budget = { p99Ms: 10, rssMb: 600, cpuPerChunkUs: 60 };
const busIndex = process.argv.indexOf('--bus');
const bus = busIndex > 0 ? process.argv[busIndex + 1] : process.env.REDIS_URL ? 'redis' : 'postgres';
if (bus !== 'redis' && bus !== 'postgres') throw new Error('--bus is redis or postgres');
/** The server's REDIS_URL: an empty one is "not set" (the bus and the job queue on PostgreSQL). */
const redisUrl = bus === 'redis' ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : '';
const skipDirect = process.argv.includes('--no-direct');
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const now = () => performance.timeOrigin + performance.now();

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['nx', 'run', '@kasa/backend:build', '--output-style=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// 1. The loopback model, in its own process.
const model = fork(join(here, 'model-server.mjs'), [], {
  env: { ...process.env, TOKENS: String(tokens), RATE: '20' },
  stdio: 'inherit',
});
const modelPort = await new Promise((resolve) => model.once('message', (m) => resolve(m.port)));

// 2. Kasa, on its own database, pointed at the model.
// BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there (open it in Chrome DevTools).
// BENCH_NODE_ARGS='--trace-gc …': more flags for the server's Node (its garbage collector, say).
const kasa = await startKasa({
  name: 'bench_chat',
  port,
  embeddedPgPort: 54359,
  // As production runs it: one API process per core unless API_PROCESSES says otherwise.
  processes: Number(process.env.API_PROCESSES ?? availableParallelism()),
  env: {
    OPENAI_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
    OPENAI_API_KEY: 'bench',
    CHAT_MODEL: 'bench-model',
    REDIS_URL: redisUrl,
  },
  nodeArgs: [
    ...(process.env.BENCH_CPU_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
      : []),
    ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
  ],
}).catch((error) => {
  model.kill('SIGTERM');
  throw error;
});
const origin = kasa.origin;
// CPU and RSS below are the primary's and every API process's together.
console.log(`API processes: ${kasa.processes} (API_PROCESSES; one per core by default)`);

const stopAll = async () => {
  await kasa.stop();
  model.kill('SIGTERM');
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  const tokensByUser = [];
  for (let u = 0; u < users; u += 1) tokensByUser.push(await kasa.register('bench'));

  const dispatcher = new Agent({
    connections: streams + 10,
    pipelining: 0,
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });
  /** [written at, latency] of every chunk through Kasa; split into ramp-up and full concurrency at the end. */
  const samples = [];
  const baseline = [];
  /** Streams flowing and not yet ended; the budget figure is taken while this equals `streams`. */
  let active = 0;
  let peakActive = 0;
  let allFlowingAt = null;
  let firstEndAfterAllFlowing = null;
  let rssAtFullConcurrency = 0;
  let failedStreams = 0;
  let chunks = 0;
  /** Server CPU and chunks delivered when all streams were flowing, and when the first one ended. */
  let cpuAtFull = NaN;
  let chunksAtFull = 0;
  let cpuAtFirstEnd = NaN;
  let chunksAtFirstEnd = 0;
  /** Streams that began flowing; when the last one does, every send is accepted: streaming only from then on. */
  let begun = 0;
  let cpuAtLastBegun = NaN;
  let chunksAtLastBegun = 0;
  const baseRss = rssMb(kasa.pid);
  let peakRss = baseRss;
  /** When the peak was seen (ms since epoch): during the sends, at full concurrency or as replies end. */
  let peakRssAt = 0;
  const sampler = setInterval(() => {
    const rss = rssMb(kasa.pid);
    if (rss > peakRss) {
      peakRss = rss;
      peakRssAt = now();
    }
  }, 100);

  /** direct: read the model itself (the harness's own cost); else through Kasa's POST /api/chat. */
  async function oneStream(i, direct = false) {
    const decoder = new TextDecoder();
    const response = direct
      ? await fetch(`http://127.0.0.1:${modelPort}/v1/chat/completions`, {
          method: 'POST',
          dispatcher,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ model: 'bench-model', stream: true, messages: [] }),
        })
      : await fetch(`${origin}/api/chat`, {
          method: 'POST',
          dispatcher,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokensByUser[i % users]}` },
          body: JSON.stringify({ message: `Benchmark question ${i}: when should I plant maize?` }),
        });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    let buffer = '';
    let sawDone = false;
    let flowing = false;
    for await (const part of response.body) {
      const receivedAt = now();
      buffer += decoder.decode(part, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        // Kasa's events start with an `id:` line (resumable replies): keep the `data:` line.
        const event = buffer
          .slice(0, cut)
          .split('\n')
          .find((line) => line.startsWith('data:'))
          ?.trim();
        buffer = buffer.slice(cut + 2);
        if (!event) continue;
        if (direct && event === 'data: [DONE]') {
          sawDone = true;
          continue;
        }
        const data = JSON.parse(event.slice(5));
        if (data.error) throw new Error(data.error);
        if (data.done) sawDone = true;
        const text = direct ? (data.choices?.[0]?.delta?.content ?? '') : (data.content ?? '');
        for (const match of String(text).matchAll(/⟦([\d.]+)⟧/g)) {
          const writtenAt = Number(match[1]);
          if (direct) baseline.push(receivedAt - writtenAt);
          else samples.push([writtenAt, receivedAt - writtenAt]);
          if (!direct && !flowing) {
            flowing = true;
            active += 1;
            begun += 1;
            if (begun === streams) {
              cpuAtLastBegun = cpuMs(kasa.pid);
              chunksAtLastBegun = chunks;
            }
            peakActive = Math.max(peakActive, active);
            if (active === streams) {
              allFlowingAt = now();
              rssAtFullConcurrency = rssMb(kasa.pid);
              cpuAtFull = cpuMs(kasa.pid);
              chunksAtFull = chunks;
            }
          }
          if (!direct) chunks += 1;
        }
      }
    }
    if (!direct && flowing) {
      active -= 1;
      if (allFlowingAt !== null && firstEndAfterAllFlowing === null) {
        firstEndAfterAllFlowing = now();
        cpuAtFirstEnd = cpuMs(kasa.pid);
        chunksAtFirstEnd = chunks;
      }
    }
    if (!sawDone) throw new Error('stream ended without done');
  }

  // The same streams straight from the model: what this harness itself costs (its own parsing
  // of 20,000 chunks/s on the same cores), subtracted below to isolate what Kasa adds.
  if (!skipDirect) {
    const direct = await Promise.allSettled(Array.from({ length: streams }, (_, i) => oneStream(i, true)));
    if (direct.some((r) => r.status === 'rejected')) console.log('  (some direct streams failed)');
  }
  baseline.sort((a, b) => a - b);

  console.log(
    `\nchat-stream: ${streams} concurrent streams × ${tokens} tokens at 20 tokens/s, ${users} users, reply bus on ${bus === 'redis' ? 'Redis' : 'PostgreSQL'}`,
  );
  const loadBefore = loadAverage();
  const startedAt = now();
  const cpuAtStart = cpuMs(kasa.pid);
  const results = await Promise.allSettled(Array.from({ length: streams }, (_, i) => oneStream(i)));
  const wallS = (now() - startedAt) / 1000;
  const cpuAtEnd = cpuMs(kasa.pid);
  const loadAfter = loadAverage();
  clearInterval(sampler);
  const failures = results.filter((r) => r.status === 'rejected');
  failedStreams = failures.length;
  const full = (t) =>
    allFlowingAt !== null && t >= allFlowingAt && t <= (firstEndAfterAllFlowing ?? Infinity);
  const latencies = samples.filter(([t]) => full(t)).map(([, l]) => l);
  const rampLatencies = samples.filter(([t]) => allFlowingAt === null || t < allFlowingAt).map(([, l]) => l);
  latencies.sort((a, b) => a - b);
  rampLatencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50) ?? NaN;
  const p99 = percentile(latencies, 99) ?? NaN;
  const max = latencies.at(-1) ?? NaN;
  console.log(
    `  streams completed: ${streams - failedStreams}/${streams} in ${wallS.toFixed(1)} s; chunks measured: ${chunks}`,
  );
  if (failures.length) console.log(`  first failure: ${failures[0].reason?.message ?? failures[0].reason}`);
  const b50 = percentile(baseline, 50) ?? 0;
  const b99 = percentile(baseline, 99) ?? 0;
  const rampS = allFlowingAt === null ? NaN : (allFlowingAt - startedAt) / 1000;
  console.log(
    allFlowingAt === null
      ? `  NEVER ${streams} streams at once (peak ${peakActive}: the first ones ended before the last started; raise --tokens)`
      : `  all ${streams} streams flowing at once after ${rampS.toFixed(1)} s, for ${(((firstEndAfterAllFlowing ?? now()) - allFlowingAt) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  chunks during the ramp-up (sends being accepted): p50 ${(percentile(rampLatencies, 50) ?? NaN).toFixed(2)} ms, p99 ${(percentile(rampLatencies, 99) ?? NaN).toFixed(2)} ms`,
  );
  console.log(
    `  added latency per chunk with all ${streams} streams flowing (model wrote it → client read it, through Kasa): ${latencies.length} chunks, p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${max.toFixed(2)} ms (budget p99 ≤ ${budget.p99Ms} ms: ${p99 <= budget.p99Ms ? 'within budget' : 'OVER BUDGET'})`,
  );
  if (!skipDirect)
    console.log(
      `  for scale, the same streams read straight from the model (harness alone): p50 ${b50.toFixed(2)} ms, p99 ${b99.toFixed(2)} ms`,
    );
  // CPU per chunk: the server's CPU time over the window / the model chunks delivered in it (a
  // coalesced event carries several). The full-concurrency window leaves out the sends (sign-in
  // check, rows, quota), which the whole run includes.
  const fullChunks = chunksAtFirstEnd - chunksAtFull;
  const fullUs = fullChunks > 0 ? ((cpuAtFirstEnd - cpuAtFull) * 1000) / fullChunks : NaN;
  const wholeUs = chunks > 0 ? ((cpuAtEnd - cpuAtStart) * 1000) / chunks : NaN;
  const afterSendsChunks = chunks - chunksAtLastBegun;
  const afterSendsUs = afterSendsChunks > 0 ? ((cpuAtEnd - cpuAtLastBegun) * 1000) / afterSendsChunks : NaN;
  console.log(
    `  server CPU per streamed chunk with all ${streams} flowing: ${fullUs.toFixed(1)} µs (${((cpuAtFirstEnd - cpuAtFull) / 1000).toFixed(2)} s CPU / ${fullChunks} chunks; budget ≤ ${budget.cpuPerChunkUs} µs: ${fullUs <= budget.cpuPerChunkUs ? 'within budget' : 'OVER BUDGET'}); whole run, sends included: ${wholeUs.toFixed(1)} µs (${((cpuAtEnd - cpuAtStart) / 1000).toFixed(2)} s / ${chunks} chunks in ${wallS.toFixed(1)} s)`,
  );
  console.log(
    `  server CPU per streamed chunk once every send was accepted (streaming only, to the end): ${afterSendsUs.toFixed(1)} µs (${((cpuAtEnd - cpuAtLastBegun) / 1000).toFixed(2)} s / ${afterSendsChunks} chunks)`,
  );
  console.log(`  load average: ${loadBefore} before, ${loadAfter} after`);
  console.log(
    '  (model, Kasa, PostgreSQL and this client share the same cores: the figures include that contention)',
  );
  console.log(
    `  server RSS: ${baseRss.toFixed(0)} MB idle, ${rssAtFullConcurrency.toFixed(0)} MB when all ${streams} were flowing, peak ${peakRss.toFixed(0)} MB ${peakRssAt ? `at ${((peakRssAt - startedAt) / 1000).toFixed(1)} s` : ''} (budget ≤ ${budget.rssMb} MB: ${peakRss <= budget.rssMb ? 'within budget' : 'OVER BUDGET'})`,
  );
  await dispatcher.close();
} finally {
  await stopAll();
}
