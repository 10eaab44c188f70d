// bench/chat-send: a burst of sends. N users (1,000) each POST /api/chat once, all at the same
// moment, against the production build and a loopback OpenAI-compatible model (its own process,
// short replies). A send is accepted when its stream's first event (the ids) arrives. Prints
// accepted sends per second, p50 / p99 time to the ids event and the load average, then checks
// every user's usage counter: exactly one message each. A second round puts every user one
// message short of the monthly limit and has each send three at once: exactly one accepted per
// user, the others 429, the counter exactly at the limit. Figures only, never a test.
//
//   node bench/chat-send/run.mjs [--users 1000] [--warm-up 200] [--no-key] [--no-build]
//   PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), database
//   kasa_bench_chat_send; BENCH_CPU_PROFILE=<dir> writes the server's V8 CPU profile.
import { fork, spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { repoRoot, startKasa } from '../support/kasa-server.mjs';
import { cpuMs, cpuMsByName, cpuSplitMsTree } from '../support/proc.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const users = arg('users', 1000);
const warmUpUsers = arg('warm-up', 200);
// --no-key: sends without an Idempotency-Key (the path of clients that send no key).
const withKey = !process.argv.includes('--no-key');
const port = Number(process.env.BENCH_PORT ?? 3270);
const goal = 300;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
// Tokens are signed here (HS256, as TokenService does) instead of 1,000 sign-ups: each sign-up
// is an argon2id hash of 64 MiB, minutes of this machine's CPU for nothing the bench measures.
const jwtSecret = `bench-chat-send-${randomUUID()}`;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['nx', 'run', '@kasa/backend:build', '--output-style=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const model = fork(join(here, '..', 'chat-stream', 'model-server.mjs'), [], {
  env: { ...process.env, TOKENS: '5', RATE: '20' },
  stdio: 'inherit',
});
const modelPort = await new Promise((resolve) => model.once('message', (m) => resolve(m.port)));

const kasa = await startKasa({
  name: 'bench_chat_send',
  port,
  embeddedPgPort: 54370,
  // As production runs it: one API process per core unless API_PROCESSES says otherwise.
  processes: Number(process.env.API_PROCESSES ?? availableParallelism()),
  env: {
    OPENAI_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
    OPENAI_API_KEY: 'bench',
    CHAT_MODEL: 'bench-model',
    JWT_SECRET: jwtSecret,
    // Each 429 of the near-limit round would be logged as a warning: 2,000 log lines are not what is measured.
    LOG_LEVEL: 'error',
  },
  nodeArgs: process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [],
}).catch((error) => {
  model.kill('SIGTERM');
  throw error;
});

const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/kasa_bench_chat_send';
  return url.toString();
})();
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

const b64url = (value) => Buffer.from(value).toString('base64url');
function token(userId) {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ sub: userId, tokenVersion: 0, iat: now, exp: now + 3600 }));
  const signature = createHmac('sha256', jwtSecret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

const now = () => performance.now();
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

console.log(
  `API processes: ${kasa.processes} (API_PROCESSES; one per core by default), load average ${load()}`,
);

try {
  // One real sign-up (the password hash to copy), then the other users straight into the table.
  await kasa.register('bench');
  const { rows } = await db.query(
    `WITH "first" AS (SELECT "password_hash" FROM "users" LIMIT 1)
     INSERT INTO "users" ("username", "username_normalized", "password_hash")
     SELECT 'send_' || g, 'send_' || g, "first"."password_hash" FROM "first", generate_series(1, $1::int) g
     RETURNING "id"`,
    [users + warmUpUsers],
  );
  const everyone = rows.map((row) => ({ id: row.id, token: token(row.id) }));
  const warmUp = everyone.slice(users);
  const tokens = everyone.slice(0, users);
  // One connection per user, as 1,000 phones would open.
  const agent = new http.Agent({ keepAlive: true, maxSockets: users + warmUpUsers });

  /**
   * One send, read until its ids event (accepted) or its error status; the rest of the reply drains
   * without holding the figure up. node:http rather than fetch: this client shares the server's two
   * cores, and fetch's web streams cost it about twice the CPU per send.
   */
  function send(user, message) {
    const started = now();
    const body = JSON.stringify({ message });
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/chat',
          agent,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            Authorization: `Bearer ${user.token}`,
            ...(withKey ? { 'Idempotency-Key': randomUUID() } : {}),
          },
        },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            response.on('end', () => resolve({ status: response.statusCode }));
            return;
          }
          response.setEncoding('utf8');
          let buffer = '';
          let accepted = false;
          response.on('data', (chunk) => {
            if (accepted) return;
            buffer += chunk;
            const match = /data: (\{.*\})\n/.exec(buffer);
            if (!match) return;
            accepted = true;
            const event = JSON.parse(match[1]);
            if (!event.assistantMessageId) reject(new Error(`first event is not the ids: ${match[1]}`));
            else resolve({ status: 200, ms: now() - started });
          });
          response.on('end', () => {
            if (!accepted) reject(new Error('stream ended before the ids event'));
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** CPU time (ms) so far of each process in the burst: who spends the machine's two cores. */
  const cpu = () => ({
    // The primary and its API processes together.
    server: (({ user, system }) => user + system)(cpuSplitMsTree(kasa.pid)),
    serverSystem: cpuSplitMsTree(kasa.pid).system,
    postgres: cpuMsByName('postgres'),
    model: cpuMs(model.pid),
    client: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });

  async function burst(label, sendsPerUser, senders = tokens) {
    const loadBefore = load();
    const cpuBefore = cpu();
    const started = now();
    const results = await Promise.allSettled(
      senders.flatMap((user, i) =>
        Array.from({ length: sendsPerUser }, (_, k) =>
          send(user, `Burst question ${i}.${k}: when should I plant maize?`),
        ),
      ),
    );
    const wallS = (now() - started) / 1000;
    const cpuAfter = cpu();
    const accepted = results.filter((r) => r.status === 'fulfilled' && r.value.status === 200);
    const refused = results.filter((r) => r.status === 'fulfilled' && r.value.status === 429).length;
    const failed = results.filter((r) => r.status === 'rejected' || ![200, 429].includes(r.value.status));
    const ms = accepted.map((r) => r.value.ms).sort((a, b) => a - b);
    console.log(
      `\n${label}: ${results.length} sends by ${senders.length} users at once, ${withKey ? 'each with an Idempotency-Key' : 'without Idempotency-Key'}`,
    );
    console.log(
      `  accepted ${accepted.length}, refused 429 ${refused}, failed ${failed.length} in ${wallS.toFixed(2)} s: ${(accepted.length / wallS).toFixed(0)} accepted sends/s (goal ≥ ${goal})`,
    );
    if (failed.length) {
      const first = failed[0];
      console.log(
        `  first failure: ${first.status === 'rejected' ? first.reason?.message : `HTTP ${first.value.status}`}`,
      );
    }
    console.log(
      `  time to the ids event: p50 ${(percentile(ms, 50) ?? NaN).toFixed(0)} ms, p99 ${(percentile(ms, 99) ?? NaN).toFixed(0)} ms, max ${(ms.at(-1) ?? NaN).toFixed(0)} ms`,
    );
    console.log(`  load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
    // Until the last send is accepted; the replies of early sends stream meanwhile and count too.
    const perSend = (name) => ((cpuAfter[name] - cpuBefore[name]) / results.length).toFixed(2);
    console.log(
      `  CPU per send during the burst: server ${perSend('server')} ms (${perSend('serverSystem')} in the kernel), PostgreSQL ${perSend('postgres')} ms, model ${perSend('model')} ms, this client ${perSend('client')} ms (2 cores: ${((2 * wallS * 1000) / results.length).toFixed(2)} ms available)`,
    );
    return { accepted: accepted.length, refused, failed: failed.length, wallS };
  }

  const period = `${new Date().toISOString().slice(0, 7)}-01`;
  async function counters() {
    const { rows: used } = await db.query(
      `SELECT u."id", COALESCE(c."used", 0) AS "used",
              (SELECT count(*)::int FROM "chat_messages" m WHERE m."user_id" = u."id" AND m."role" = 'user') AS "messages"
         FROM "users" u
         LEFT JOIN "usage_counters" c ON c."user_id" = u."id" AND c."period" = $2::date AND c."feature" = 'messagesPerMonth'
        WHERE u."id" = ANY($1::uuid[])`,
      [tokens.map((t) => t.id), period],
    );
    return used;
  }

  // 0. A running server is warm: the first requests compile code and open the pool's connections,
  // which a burst at start-up would count as send cost.
  await burst('warm-up (not the figure)', 1, warmUp);
  await new Promise((resolve) => setTimeout(resolve, 1500));

  // 1. Everyone sends once.
  await burst('burst', 1);
  const afterFirst = await counters();
  const wrongFirst = afterFirst.filter((row) => row.used !== 1 || row.messages !== 1);
  console.log(
    `  usage check: ${afterFirst.length - wrongFirst.length}/${afterFirst.length} users with exactly 1 message counted and stored${wrongFirst.length ? ` (WRONG, e.g. ${JSON.stringify(wrongFirst[0])})` : ''}`,
  );

  // 2. Everyone one message short of the Basic limit, three sends each at once.
  const { rows: limitRows } = await db.query(
    `SELECT "messages_per_month" AS "limit" FROM "plans" WHERE "id" = 'BASIC_PLAN'`,
  );
  const limit = limitRows[0].limit;
  await db.query(
    `UPDATE "usage_counters" SET "used" = $2::int - 1 WHERE "user_id" = ANY($1::uuid[]) AND "feature" = 'messagesPerMonth'`,
    [tokens.map((t) => t.id), limit],
  );
  const near = await burst(`near the limit (${limit - 1} of ${limit} used)`, 3);
  const afterSecond = await counters();
  const wrongSecond = afterSecond.filter((row) => row.used !== limit || row.messages !== 2);
  console.log(
    `  limit check: ${near.accepted} accepted (expected ${users}), ${near.refused} refused (expected ${2 * users}); ${afterSecond.length - wrongSecond.length}/${afterSecond.length} users exactly at ${limit} with 2 messages stored${wrongSecond.length ? ` (WRONG, e.g. ${JSON.stringify(wrongSecond[0])})` : ''}`,
  );
  // Let the short replies finish before stopping the server.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  agent.destroy();
} finally {
  await db.end();
  await kasa.stop();
  model.kill('SIGTERM');
}
