// bench/lighthouse: Lighthouse 12 (mobile: Slow 4G, 4× CPU, simulated) against the production
// build, for `/` signed out (the landing page) and `/chat` signed in, plus the installability
// check Chrome itself makes (Lighthouse 12 dropped its PWA category). Figures only: it never fails
// on a score; it fails only when it could not measure.
//
//   node bench/lighthouse/run.mjs                 starts backend/dist/main.js on port 3210 (build first)
//   node bench/lighthouse/run.mjs --url http://localhost:3000   measures a running `npm start`
//   --runs N   runs per page (default 5); the run with the median score is printed, scores vary
//              from run to run with the machine's load (printed before each page)
//   --quiet-load L   before each run, waits (up to 3 minutes) until the 1-minute load average is
//                    below L (default 1.0; 0 does not wait): Lighthouse multiplies the main-thread
//                    time it observes by 4, so a run started while the previous one's Chrome and
//                    Lighthouse still weigh on the load reads the machine, not the page
//   --trace DIR   writes each run's trace (DIR/<page>-<run>.trace.json, open in chrome://tracing or
//                 the Performance panel) to see where the main-thread time goes
//   --category accessibility   instead: Lighthouse's accessibility score (one run each: it does
//                 not vary with load) of `/` signed out and /chat, /ai-studio, /subscription and
//                 /account signed in, with each failing audit and its elements
//
// Chrome: CHROME_PATH (default /usr/bin/chromium), headless, no sandbox, no GPU.
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startKasa } from '../support/kasa-server.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];

const urlArg = process.argv.indexOf('--url');
const externalOrigin = urlArg > -1 ? process.argv[urlArg + 1]?.replace(/\/$/, '') : undefined;
const runsArg = process.argv.indexOf('--runs');
const runs = Math.max(1, Number(runsArg > -1 ? process.argv[runsArg + 1] : 5) || 5);
const quietArg = process.argv.indexOf('--quiet-load');
const quietLoad = quietArg > -1 ? Number(process.argv[quietArg + 1]) : 1.0;
if (!(quietLoad >= 0)) throw new Error('--quiet-load: a load average, such as 1.0 (0 does not wait)');
const traceArg = process.argv.indexOf('--trace');
const traceDir = traceArg > -1 ? process.argv[traceArg + 1] : undefined;
const categoryArg = process.argv.indexOf('--category');
const category = categoryArg > -1 ? process.argv[categoryArg + 1] : 'performance';
if (category !== 'performance' && category !== 'accessibility')
  throw new Error(`--category: performance or accessibility, not ${category}`);
const port = Number(process.env.BENCH_PORT ?? 3210);
const kasa = externalOrigin
  ? undefined
  : await startKasa({ name: 'lighthouse', port, embeddedPgPort: 54350 });
const origin = externalOrigin ?? kasa.origin;

async function registerBenchUser() {
  if (kasa) return kasa.register('lh');
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: `lh_${Date.now().toString(36)}`, password: 'bench-password' }),
  });
  if (!response.ok)
    throw new Error(`could not register the bench user: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** A fresh Chrome (new temporary profile: empty cache, no service worker) for one measurement. */
async function withChrome(fn) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    return await fn(chrome.port);
  } finally {
    await chrome.kill();
  }
}

/** Signs the browser in by storing the token on the origin from a page that loads no app code. */
async function storeToken(chromePort, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${origin}/api/health`);
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  await page.close();
  await browser.close();
}

const ms = (audit) => `${Math.round(audit.numericValue)} ms`;
const shortUrl = (url) => {
  try {
    return new URL(url, origin).pathname;
  } catch {
    return url;
  }
};

async function saveTrace(artifacts, path, run) {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const trace = artifacts.Trace ?? artifacts.traces?.defaultPass;
  if (!trace) return;
  await mkdir(traceDir, { recursive: true });
  const name = `${path === '/' ? 'landing' : path.replace(/\W+/g, '')}-${run + 1}.trace.json`;
  await writeFile(`${traceDir}/${name}`, JSON.stringify(trace));
}

class LighthouseRunError extends Error {
  constructor(path, { code, message }) {
    super(`${path}: ${code} ${message}`);
    this.code = code;
  }
}

/** Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, "run again"). */
const RETRIED_CODES = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED']);

/** Waits until the 1-minute load average is under --quiet-load (at most 3 minutes); returns it. */
async function quietMachine() {
  const deadline = Date.now() + 180_000;
  while (quietLoad > 0 && loadavg()[0] >= quietLoad && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  return loadavg()[0];
}

async function measure(path, token, run, attempt = 1) {
  try {
    return await measureOnce(path, token, run);
  } catch (error) {
    if (!(error instanceof LighthouseRunError) || !RETRIED_CODES.has(error.code) || attempt >= 3) throw error;
    console.log(`  (${error.message.split(' ').slice(0, 2).join(' ')}: measuring again)`);
    return measure(path, token, run, attempt + 1);
  }
}

async function measureOnce(path, token, run) {
  return withChrome(async (chromePort) => {
    if (token) await storeToken(chromePort, token);
    const result = await lighthouse(
      `${origin}${path}`,
      {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Signed in: keep the stored token (the profile is fresh, so the cache is still empty).
        disableStorageReset: Boolean(token),
      },
      undefined,
    );
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) throw new LighthouseRunError(path, runtimeError);
    if (traceDir) await saveTrace(result.artifacts, path, run);
    return {
      path,
      who: token ? 'signed in' : 'signed out',
      score: Math.round(categories.performance.score * 100),
      fcp: ms(audits['first-contentful-paint']),
      lcp: ms(audits['largest-contentful-paint']),
      tbt: ms(audits['total-blocking-time']),
      cls: audits['cumulative-layout-shift'].numericValue.toFixed(3),
      si: ms(audits['speed-index']),
      bytes: `${Math.round(audits['total-byte-weight'].numericValue / 1024)} KB`,
      // Where to look when the score is low: what the LCP is and which scripts cost the most CPU.
      lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      heaviestScripts: (audits['bootup-time']?.details?.items ?? [])
        .slice(0, 3)
        .map((item) => `${new URL(item.url, origin).pathname} ${Math.round(item.total)} ms`),
      // The trace in words: main-thread time by kind, and the long tasks (what TBT counts).
      mainThread: (audits['mainthread-work-breakdown']?.details?.items ?? [])
        .slice(0, 5)
        .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`),
      longTasks: (audits['long-tasks']?.details?.items ?? [])
        .slice(0, 6)
        .map(
          (item) =>
            `${shortUrl(item.url)} ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms`,
        ),
      warnings: runWarnings,
    };
  });
}

/** The accessibility category of one page: its score and the audits that failed, with their elements. */
async function measureAccessibility(path, token) {
  return withChrome(async (chromePort) => {
    if (token) await storeToken(chromePort, token);
    const result = await lighthouse(
      `${origin}${path}`,
      {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
        disableStorageReset: Boolean(token),
      },
      undefined,
    );
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new LighthouseRunError(path, runtimeError);
    const failed = categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
      .map((ref) => ({
        id: ref.id,
        title: audits[ref.id].title,
        nodes: (audits[ref.id].details?.items ?? []).map((item) => item.node?.selector ?? '?').slice(0, 5),
      }));
    return { score: Math.round(categories.accessibility.score * 100), failed };
  });
}

async function accessibilityReport() {
  const token = await registerBenchUser();
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, accessibility, ${origin}`,
  );
  for (const [path, signedIn] of [
    ['/', false],
    ['/chat', true],
    ['/ai-studio', true],
    ['/subscription', true],
    ['/account', true],
  ]) {
    const { score, failed } = await measureAccessibility(path, signedIn ? token : undefined);
    console.log(`${path} (${signedIn ? 'signed in' : 'signed out'}): accessibility ${score}`);
    for (const audit of failed) console.log(`  ${audit.id}: ${audit.title} ${audit.nodes.join(', ')}`);
  }
}

/** What Chrome's own install check says for `/` once the page (and its service worker) has loaded. */
async function installability() {
  return withChrome(async (chromePort) => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    const worker = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? null),
        new Promise((resolve) => setTimeout(() => resolve(null), 15_000)),
      ]),
    );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    await browser.close();
    return { worker, installabilityErrors, manifestUrl: manifest.url, manifestErrors: manifest.errors };
  });
}

/** Load average over 1, 5 and 15 minutes: simulated timings scale with how busy the machine was. */
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

try {
  if (category === 'accessibility') await accessibilityReport();
  else {
    const token = await registerBenchUser();
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (Slow 4G, 4x CPU, simulated), ${origin}; load average ${load()}`,
    );
    for (const [path, signedIn] of [
      ['/', false],
      ['/chat', true],
    ]) {
      const results = [];
      const loadBefore = load();
      for (let i = 0; i < runs; i += 1) {
        const loadAtStart = await quietMachine();
        results.push({ ...(await measure(path, signedIn ? token : undefined, i)), loadAtStart });
      }
      const scores = results.map((x) => `${x.score} (load ${x.loadAtStart.toFixed(2)})`);
      const r = [...results].sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)];
      const tbts = results.map((x) => Number.parseInt(x.tbt, 10)).sort((a, b) => a - b);
      console.log(
        `\n${r.path} (${r.who}): performance ${r.score} (median of ${runs}: ${scores.join(', ')}; median TBT ${tbts[Math.floor(tbts.length / 2)]} ms; load average ${loadBefore} before, ${load()} after)\n  FCP ${r.fcp}  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls}  Speed Index ${r.si}  transferred ${r.bytes}`,
      );
      if (r.lcpElement) console.log(`  LCP element: ${r.lcpElement}`);
      if (r.heaviestScripts.length) console.log(`  most CPU: ${r.heaviestScripts.join(', ')}`);
      if (r.mainThread.length) console.log(`  main thread: ${r.mainThread.join(', ')}`);
      if (r.longTasks.length) console.log(`  long tasks: ${r.longTasks.join('; ')}`);
      for (const warning of r.warnings) console.log(`  warning: ${warning}`);
    }
    console.log(`\nLoad average after the runs: ${load()}`);
    const install = await installability();
    console.log(`\nInstallability of / (Chrome's Page.getInstallabilityErrors):`);
    console.log(
      `  manifest: ${install.manifestUrl || 'none'}${install.manifestErrors.length ? '' : ', no errors'}`,
    );
    for (const e of install.manifestErrors)
      console.log(`  manifest ${e.critical ? 'error' : 'warning'}: ${e.message}`);
    console.log(`  service worker: ${install.worker ?? 'none active after 15 s'}`);
    console.log(
      install.installabilityErrors.length
        ? `  NOT installable: ${install.installabilityErrors.map((e) => e.errorId).join(', ')}`
        : '  installable: no installability errors',
    );
  }
} finally {
  await kasa?.stop();
}
