// bench/bundle-size: builds for production, serves the app the way `npm start` does, loads `/`
// (signed out: the landing page) and `/chat` (signed in: the chat screen) in Chromium with an
// empty cache, and prints the gzipped JavaScript each first load downloads against the
// budgets (docs/architecture.md#performance-budgets). Figures only: this never fails a test run.
// What the page prefetches once idle (<link rel="prefetch">, sent with `Sec-Purpose: prefetch`,
// docs/architecture.md#prefetching-code) is not part of the first load: it is printed apart, as
// "prefetched on idle" (a file later read from that prefetch is counted there, once).
// Then the bytes of a typical session with the data saver off and on (session.mjs; --no-session
// skips it).
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot, startKasa } from '../support/kasa-server.mjs';
import { measureSession, printSession } from './session.mjs';

const port = Number(process.env.BENCH_PORT ?? 3200);
const budgetsKb = { '/': 200, '/chat': 260 };
/** Who loads each page: the landing page is for visitors, /chat for a signed-in user. */
const signedInPaths = new Set(['/chat']);
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const kasa = await startKasa({ name: 'bench', port, embeddedPgPort: 54349 });
const origin = kasa.origin;

/**
 * Loads a page in a fresh context and returns every JavaScript file it downloaded, each marked
 * `prefetched` when the browser first asked for it as a prefetch.
 */
async function measure(browser, path, token) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  if (token) await context.addInitScript((t) => localStorage.setItem('auth_token', t), token);
  const page = await context.newPage();
  const scripts = new Map();
  /** URLs whose first request was a prefetch (Sec-Purpose: prefetch). */
  const prefetched = new Set();
  const asked = new Set();
  page.on('request', async (request) => {
    const url = request.url();
    if (asked.has(url)) return;
    asked.add(url);
    const purpose = (await request.allHeaders().catch(() => ({})))['sec-purpose'] ?? '';
    if (purpose.includes('prefetch')) prefetched.add(url);
  });
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    const link = type === 'other' && /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
    if (type === 'script' || link || contentType.includes('javascript')) {
      try {
        const body = await response.body();
        if (!scripts.has(response.url()))
          scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      } catch {
        /* redirects have no body */
      }
    }
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  return [...scripts.entries()].map(([url, size]) => ({
    file: new URL(url).pathname,
    prefetched: prefetched.has(url),
    ...size,
  }));
}

let failed = false;
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const token = await kasa.register('bench');
  for (const path of Object.keys(budgetsKb)) {
    const all = await measure(browser, path, signedInPaths.has(path) ? token : undefined);
    const files = all.filter((f) => !f.prefetched);
    const ahead = all.filter((f) => f.prefetched);
    const gzipKb = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
    const rawKb = files.reduce((sum, f) => sum + f.raw, 0) / 1024;
    const verdict = gzipKb <= budgetsKb[path] ? 'within budget' : 'OVER BUDGET';
    const who = signedInPaths.has(path) ? 'signed in' : 'signed out';
    console.log(
      `\nFirst load of ${path} (${who}): ${files.length} JS files, ${gzipKb.toFixed(1)} KB gzipped (${rawKb.toFixed(1)} KB raw); budget ${budgetsKb[path]} KB: ${verdict}`,
    );
    for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.file}`,
      );
    }
    if (ahead.length) {
      const aheadKb = ahead.reduce((sum, f) => sum + f.gzip, 0) / 1024;
      console.log(
        `  prefetched on idle (not first load): ${ahead.length} JS files, ${aheadKb.toFixed(1)} KB gzipped`,
      );
      for (const f of ahead.sort((a, b) => b.gzip - a.gzip))
        console.log(
          `  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(f.raw / 1024).toFixed(1).padStart(7)} KB raw  ${f.file} (prefetch)`,
        );
    }
    if (gzipKb > budgetsKb[path]) failed = true;
  }
  if (!process.argv.includes('--no-session')) {
    console.log('\nA typical session (sign in, three messages, one image), bytes on the wire, empty cache:');
    const off = await measureSession(browser, origin, { dataSaver: false });
    printSession('off', off);
    const on = await measureSession(browser, origin, { dataSaver: true });
    printSession('on', on);
    console.log(`  the data saver saves ${(((off.total - on.total) / off.total) * 100).toFixed(0)} %`);
  }
  await browser.close();
} finally {
  await kasa.stop();
}
process.exitCode = failed ? 1 : 0;
