// bench/subscription-status: requests per second of an authenticated GET /api/subscription/status
// (bearer token checked, entitlement and the month's usage read from PostgreSQL) against a bare
// node:http server answering the same JSON, on the same machine in the same run, against the
// budget (docs/architecture.md#performance-budgets; Kasa ≥ 50 % of the bare server). Figures only, never a test. Also measured:
// a NestJS + Express application with only that one route (the most any Kasa endpoint can reach
// on its stack) and Kasa's public plans endpoint (Kasa's middleware, no guard, no database).
//
//   node bench/subscription-status/run.mjs [--connections 50] [--seconds 10] [--rounds 3] [--users 20] [--no-build]
//
// The servers are measured in alternating rounds and each one's median is kept, so that
// other work on the machine weighs on all alike. BENCH_CPU_PROFILE=<dir>: Kasa writes its V8
// CPU profile there (open it in Chrome DevTools).
import { fork, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { repoRoot, startKasa } from '../support/kasa-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const connections = arg('connections', 50);
const seconds = arg('seconds', 10);
const rounds = arg('rounds', 3);
const users = arg('users', 20);
const port = Number(process.env.BENCH_PORT ?? 3230);
const budgetRatio = 0.5;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['nx', 'run', '@kasa/backend:build', '--output-style=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** CPU time a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One autocannon run against the server process `pid`; a short warm-up first (JIT, connection
 * pools), not counted. Besides requests per second it reports the server's CPU time per request,
 * which other work on the machine does not change (PostgreSQL's share is not in it).
 */
async function measure(title, url, pid, tokens) {
  let turn = 0;
  const options = {
    url,
    connections,
    // Each connection signs in as one of the users (round robin), as real traffic would.
    requests: tokens
      ? [
          {
            setupRequest: (request, context) => {
              context.token ??= tokens[turn++ % tokens.length];
              return { ...request, headers: { Authorization: `Bearer ${context.token}` } };
            },
          },
        ]
      : undefined,
  };
  await autocannon({ ...options, duration: 2 });
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpuPerRequestUs = ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total;
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(
    `  ${title}: ${Math.round(result.requests.average).toLocaleString('en')} req/s, server CPU ${Math.round(cpuPerRequestUs)} µs/request (latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${result.requests.total.toLocaleString('en')} requests${failed ? `, ${failed} FAILED` : ''})`,
  );
  return { rps: result.requests.average, cpuPerRequestUs, failed };
}

const kasa = await startKasa({
  name: 'bench_status',
  port,
  embeddedPgPort: 54360,
  nodeArgs: process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [],
});
let bare;
let nestFloor;
/** Forks one of the yardstick servers (answering `statusJson`) and returns it with its port. */
async function forkServer(file, statusJson) {
  const child = fork(join(here, file), [], { env: { ...process.env, STATUS_JSON: statusJson } });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return { child, port };
}
try {
  const tokens = [];
  for (let u = 0; u < users; u += 1) tokens.push(await kasa.register('status'));
  // Some usage to read, so the counters query returns rows: one chat send per user.
  for (const token of tokens) {
    const response = await fetch(`${kasa.origin}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ message: 'When should I plant maize?' }),
    });
    await response.text();
  }
  const statusUrl = `${kasa.origin}/api/subscription/status`;
  const sample = await fetch(statusUrl, { headers: { Authorization: `Bearer ${tokens[0]}` } });
  if (!sample.ok) throw new Error(`status answered ${sample.status}: ${await sample.text()}`);
  const statusJson = await sample.text();

  const bareServer = await forkServer('bare-server.mjs', statusJson);
  bare = bareServer.child;
  const nestFloorServer = await forkServer('nest-floor-server.mjs', statusJson);
  nestFloor = nestFloorServer.child;

  console.log(
    `\nsubscription-status: ${connections} connections, ${rounds} alternating rounds of ${seconds} s (each after a 2 s warm-up), ${users} users, ${statusJson.length} bytes of JSON`,
  );
  const bareRuns = [];
  const nestRuns = [];
  const kasaRuns = [];
  const floorRuns = [];
  for (let round = 1; round <= rounds; round += 1) {
    bareRuns.push(
      await measure(
        `round ${round}, bare node:http JSON endpoint`,
        `http://127.0.0.1:${bareServer.port}/`,
        bare.pid,
      ),
    );
    nestRuns.push(
      await measure(
        `round ${round}, NestJS + Express, the one route and nothing else (the stack's floor)`,
        `http://127.0.0.1:${nestFloorServer.port}/api/subscription/status`,
        nestFloor.pid,
      ),
    );
    kasaRuns.push(
      await measure(
        `round ${round}, Kasa GET /api/subscription/status (authenticated)`,
        statusUrl,
        kasa.pid,
        tokens,
      ),
    );
    floorRuns.push(
      await measure(
        `round ${round}, Kasa GET /api/subscription/plans (public, from memory: Kasa's middleware, no guard, no database)`,
        `${kasa.origin}/api/subscription/plans`,
        kasa.pid,
      ),
    );
  }
  const median = (runs, key = 'rps') =>
    runs.map((run) => run[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const bareRps = median(bareRuns);
  const nestRps = median(nestRuns);
  const kasaRps = median(kasaRuns);
  const floorRps = median(floorRuns);
  const failed = kasaRuns.some((run) => run.failed);
  const ratio = kasaRps / bareRps;
  const cpu = (runs) => `${Math.round(median(runs, 'cpuPerRequestUs'))} µs`;
  const ofBare = (rps) => `${((rps / bareRps) * 100).toFixed(1)} % of bare`;
  const line = (title, rps, runs) =>
    `${title} ${Math.round(rps).toLocaleString('en')} req/s (${cpu(runs)} CPU/request; ${ofBare(rps)})`;
  console.log(
    `  medians: bare ${Math.round(bareRps).toLocaleString('en')} req/s (${cpu(bareRuns)} CPU/request), ${line('NestJS + Express floor', nestRps, nestRuns)}, ${line('Kasa status', kasaRps, kasaRuns)}, ${line('Kasa plans', floorRps, floorRuns)}`,
  );
  console.log(
    `  Kasa / bare: ${(ratio * 100).toFixed(1)} % (budget ≥ ${budgetRatio * 100} %: ${ratio >= budgetRatio && !failed ? 'within budget' : 'OVER BUDGET'})`,
  );
  if (nestRps / bareRps < budgetRatio)
    console.log(
      `  NestJS + Express with one empty route reaches ${ofBare(nestRps)}: no endpoint on this stack can meet the budget here`,
    );
  console.log('  (Kasa, PostgreSQL, the yardstick servers and this client share the same cores)');
  // Requests autocannon gave up on may still be queued in Kasa: let them finish before it stops.
  await new Promise((resolve) => setTimeout(resolve, 1000));
} finally {
  bare?.kill('SIGTERM');
  nestFloor?.kill('SIGTERM');
  await kasa.stop();
}
