// bench/dictionary: the language tool's dictionary on the production build of the backend. Prints:
//   1. the full import of the open data (data/lexicon, about 60,000 forms in 516 languages):
//      wall time and rows per second, through `node backend/dist/language-tool/population/import-cli.js`
//      when the build has it, else through POST …/populate as an administrator, reading its
//      server-sent events to 'complete';
//   2. GET …/define/{word} and 3. POST …/translate by --users concurrent users (100) for --seconds
//      each (10), words drawn from the data: p50 / p99 latency and requests per second;
//   and the load average before and after. Figures only, never a test.
//
//   npx nx run @kasa/backend:build      (first: this script runs backend/dist, it builds nothing)
//   node bench/dictionary/run.mjs [--users 100] [--seconds 10]
//
// Runs on a PostgreSQL server (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
// in a fresh database kasa_bench_dictionary, with the API's inline worker (WORKER_MODE=inline).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const users = arg('users', 100);
const seconds = arg('seconds', 10);
const port = Number(process.env.BENCH_PORT ?? 3260);
const origin = `http://127.0.0.1:${port}`;
const PATH = '/api/enhancements/language-tool';
const ADMIN = 'bench_dictionary_admin';
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'kasa_bench_dictionary';
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();

const main = join(repoRoot, 'backend/dist/main.js');
if (!existsSync(main)) {
  console.error('No backend build: run `npx nx run @kasa/backend:build` first.');
  process.exit(1);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value) => `${value.toFixed(1)} ms`;

/** lexemes.csv's rows (language, gloss, form), quoted fields included. */
function readLexemes() {
  const text = readFileSync(join(repoRoot, 'data/lexicon/lexemes.csv'), 'utf8');
  const rows = [];
  for (const line of text.split('\n').slice(1)) {
    if (line.trim() === '') continue;
    const fields = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const char = line[i];
      if (quoted) {
        if (char === '"' && line[i + 1] === '"') {
          field += '"';
          i += 1;
        } else if (char === '"') quoted = false;
        else field += char;
      } else if (char === '"') quoted = true;
      else if (char === ',') {
        fields.push(field);
        field = '';
      } else field += char;
    }
    fields.push(field);
    rows.push({ language: fields[0], gloss: fields[2], form: fields[3] });
  }
  return rows;
}

const serverEnv = {
  ...process.env,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  QUEUE_PREFIX: 'kasa_bench_dictionary',
  WORKER_MODE: 'inline',
  DICTIONARY_AUTO_IMPORT: 'false',
  ADMIN_USERNAMES: ADMIN,
  RATE_LIMIT_LOGIN_PER_IP: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
};
delete serverEnv.OPENAI_API_KEY;
delete serverEnv.OPENAI_BASE_URL;

const adminDb = new pg.Client({ connectionString: baseUrl });
await adminDb.connect();
await adminDb.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await adminDb.query(`CREATE DATABASE ${database}`);
await adminDb.end();

const server = spawn(process.execPath, [main], { env: serverEnv, stdio: 'inherit' });
const stop = () =>
  new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

async function waitHealthy() {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error(`the backend exited with code ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${origin} did not become healthy in 120 s`);
}

let registered = 0;
async function register(username = `bench_dict_${Date.now().toString(36)}_${(registered += 1)}`) {
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench-password' }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** POST …/populate as an admin, reading `data: {json}` lines until 'complete' (or 'error'). */
async function populateOverHttp(token) {
  const response = await fetch(`${origin}${PATH}/populate`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    // An import that never ends (its worker keeps failing) must not hang the benchmark.
    signal: AbortSignal.timeout(15 * 60_000),
  });
  if (!response.ok || !response.body)
    throw new Error(`populate: ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (!line.startsWith('data:')) continue;
      const event = JSON.parse(line.slice(5));
      if (event.type === 'complete') return event;
      if (event.type === 'error') throw new Error(`populate: ${event.error} ${event.details ?? ''}`);
    }
  }
  throw new Error('populate: the stream ended before complete');
}

/** Runs the import CLI; its exit code is returned, the import's outcome is read from …/stats. */
function runCli(cli) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli], { env: serverEnv, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => resolve(code));
  });
}

/** `users` loops, each sending `request()` back to back for `seconds`: latencies and req/s. */
async function loadTest(tokens, request) {
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, index) => {
      let n = index;
      while (performance.now() < deadline) {
        n += users;
        const t0 = performance.now();
        const response = await request(token, n);
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - t0);
        else failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, failures, elapsed };
}

function report(name, { latencies, failures, elapsed }) {
  console.log(
    `${name}: ${latencies.length} requests in ${elapsed.toFixed(1)} s by ${users} users — ` +
      `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, ` +
      `${(latencies.length / elapsed).toFixed(0)} requests/s${failures ? `, ${failures} failed` : ''}`,
  );
}

try {
  await waitHealthy();
  console.log(`load average at start: ${load()}`);
  const adminToken = await register(ADMIN);

  // 1. The full import.
  const lexemes = readLexemes();
  const cli = join(repoRoot, 'backend/dist/language-tool/population/import-cli.js');
  const t0 = performance.now();
  let how;
  if (existsSync(cli)) {
    how = 'node backend/dist/language-tool/population/import-cli.js';
    const code = await runCli(cli);
    if (code !== 0)
      console.warn(`warning: import-cli exited with code ${code} (the import's outcome is read below)`);
  } else {
    how = 'POST …/populate (SSE)';
    await populateOverHttp(adminToken);
  }
  const importSeconds = (performance.now() - t0) / 1000;
  const stats = await (
    await fetch(`${origin}${PATH}/stats`, { headers: { Authorization: `Bearer ${adminToken}` } })
  ).json();
  if (stats.lastImport?.status !== 'complete')
    throw new Error(`the import did not complete: ${JSON.stringify(stats.lastImport)}`);
  console.log(
    `import (${how}): ${stats.entries} entries in ${stats.languages} languages (${lexemes.length} CSV rows) in ` +
      `${importSeconds.toFixed(1)} s — ${(stats.entries / importSeconds).toFixed(0)} rows/s`,
  );

  // 2 and 3. define and translate under load, words drawn from the data.
  const tokens = [];
  for (let i = 0; i < users; i += 1) tokens.push(await register());
  const pick = (n) => lexemes[(n * 7919) % lexemes.length];
  const define = await loadTest(tokens, (token, n) => {
    const row = pick(n);
    // A third each: an English gloss in the row's language, its form there, a gloss in every language.
    const [word, language] =
      n % 3 === 0 ? [row.gloss, row.language] : n % 3 === 1 ? [row.form, row.language] : [row.gloss, ''];
    const query = language ? `?language=${language}` : '';
    return fetch(`${origin}${PATH}/define/${encodeURIComponent(word)}${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  });
  report('define', define);
  const translate = await loadTest(tokens, (token, n) => {
    const row = pick(n);
    const other = pick(n + 1);
    // Half single words English → the row's language, half a phrase with a word it lacks.
    const text =
      n % 2 === 0
        ? row.gloss
        : `${row.gloss.replace(/\s*\(.*\)/, '')} and ${other.gloss.replace(/\s*\(.*\)/, '')}`;
    return fetch(`${origin}${PATH}/translate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, fromLanguage: 'eng', toLanguage: row.language }),
    });
  });
  report('translate (dictionary, no chat model)', translate);
  console.log(`load average at end: ${load()}`);
} finally {
  await stop();
}
