// bench/lighthouse/profile.mjs: a steadier look than Lighthouse at the main-thread cost of the first
// screen, for before/after comparisons of one change. Loads a page of the production build in
// Chromium with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate, as Lighthouse simulates a
// phone) and a sampling CPU profile (CDP Profiler, 200 µs), then prints:
//   - the long tasks the page saw (PerformanceObserver 'longtask') and their blocking time (the sum
//     of each task's time over 50 ms: what Lighthouse's Total Blocking Time counts, unsimulated);
//   - the profile's busy time by script (chunk) and its heaviest functions (self and inclusive);
//   - the CSS rules emotion inserted (style[data-emotion] sheets), i.e. the runtime-styling work, when
//     the first screen first shows and in all;
// Each run uses a fresh browser context (empty cache, no service worker); the figures printed are
// the medians of the runs.
//
//   node bench/lighthouse/profile.mjs                     `/` signed out, 5 runs
//   node bench/lighthouse/profile.mjs --page /chat --signed-in --runs 3
//   node bench/lighthouse/profile.mjs --url http://localhost:3000   a running `npm start`
//   --top N    functions listed (default 15)
//
// Chrome: CHROME_PATH (default /usr/bin/chromium). Build first (`npm run build`).
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startKasa } from '../support/kasa-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : fallback;
};
const pagePath = arg('--page', '/');
const signedIn = process.argv.includes('--signed-in');
const runs = Math.max(1, Number(arg('--runs', 5)) || 5);
const top = Math.max(1, Number(arg('--top', 15)) || 15);
const externalOrigin = arg('--url')?.replace(/\/$/, '');
const readySelector = signedIn ? '[data-testid="remote-chat"]' : '[data-testid="landing-page"]';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const kasa = externalOrigin
  ? undefined
  : await startKasa({
      name: 'lhprofile',
      port: Number(process.env.BENCH_PORT ?? 3211),
      embeddedPgPort: 54351,
    });
const origin = externalOrigin ?? kasa.origin;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const shortUrl = (url) => (url ? url.replace(origin, '').replace(/\.[0-9a-f]{10}\.js$/, '.js') : '(native)');

/** One load: returns the long tasks, the profile's aggregates and emotion's rule count. */
async function measure(browser, token) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    if (token) {
      await context.addInitScript((t) => {
        if (!localStorage.getItem('auth_token')) localStorage.setItem('auth_token', t);
      }, token);
    }
    // Buffered long tasks from the very start of the page (before any of its scripts run).
    await context.addInitScript((readySelector) => {
      // Emotion's rules when the first screen first shows (what its first commit inserted).
      const countRules = () => {
        let rules = 0;
        for (const el of document.querySelectorAll('style[data-emotion]'))
          rules += el.sheet?.cssRules.length ?? 0;
        return rules;
      };
      new MutationObserver((_, observer) => {
        if (!document.querySelector(readySelector)) return;
        observer.disconnect();
        window.__firstRules = countRules();
        window.__firstAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
      window.__countRules = countRules;
      window.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            window.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        /* no long-task timing */
      }
    }, readySelector);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${origin}${pagePath}`, { waitUntil: 'load' });
    await page.waitForSelector(readySelector, { timeout: 60_000 });
    // Let the deferred work (idle callbacks, lazy chunks) run too: it is main-thread time as well.
    await page.waitForTimeout(3000);
    const { profile } = await cdp.send('Profiler.stop');
    const { longTasks, emotionRules, firstRules, firstAt, fcp } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        longTasks: window.__longTasks,
        emotionRules: window.__countRules(),
        firstRules: window.__firstRules,
        firstAt: window.__firstAt,
        fcp: paint ? paint.startTime : NaN,
      };
    });
    return { longTasks, emotionRules, firstRules, firstAt, fcp, ...aggregate(profile) };
  } finally {
    await context.close();
  }
}

/** Self time per script and per function, inclusive time per function (ms, wall clock under 4×). */
function aggregate(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map(); // node id -> ms
  for (let i = 0; i < profile.samples.length; i += 1) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const byScript = new Map();
  const fnSelf = new Map();
  const fnTotal = new Map();
  let busy = 0;
  const key = (cf) =>
    `${cf.functionName || '(anonymous)'} ${shortUrl(cf.url)}:${cf.lineNumber + 1}:${cf.columnNumber + 1}`;
  for (const [id, ms] of self) {
    const cf = nodes.get(id).callFrame;
    if (['(idle)', '(program)', '(root)'].includes(cf.functionName)) continue;
    busy += ms;
    const script = cf.url
      ? shortUrl(cf.url)
      : cf.functionName === '(garbage collector)'
        ? '(gc)'
        : '(native)';
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    fnSelf.set(key(cf), (fnSelf.get(key(cf)) ?? 0) + ms);
    // Inclusive: count each function once per sample's stack (recursion does not double-count).
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const k = key(nodes.get(n).callFrame);
      if (seen.has(k) || ['(root)', '(program)'].includes(nodes.get(n).callFrame.functionName)) continue;
      seen.add(k);
      fnTotal.set(k, (fnTotal.get(k) ?? 0) + ms);
    }
  }
  return { busy, byScript, fnSelf, fnTotal };
}

const fmt = (ms) => `${Math.round(ms)} ms`;
const topOf = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

try {
  const token = signedIn ? await kasa?.register('lhprof') : undefined;
  if (signedIn && !token) throw new Error('--signed-in with --url: not supported, start the build here');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const results = [];
  console.log(
    `profile ${pagePath}${signedIn ? ' (signed in)' : ''}: ${runs} runs, CPU 4×, load average ${loadavg()[0].toFixed(2)}`,
  );
  try {
    for (let r = 0; r < runs; r += 1) {
      const result = await measure(browser, token);
      const tbt = result.longTasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
      results.push({ ...result, tbt });
      console.log(
        `  run ${r + 1}: blocking ${fmt(tbt)}, long tasks [${result.longTasks.map((t) => Math.round(t.duration)).join(', ')}] ms, ` +
          `busy ${fmt(result.busy)}, emotion rules ${result.firstRules} at first render (${fmt(result.firstAt)}), ` +
          `${result.emotionRules} in all, FCP ${fmt(result.fcp)}`,
      );
    }
  } finally {
    await browser.close();
  }
  // The run with the median busy time stands for all, its tables printed.
  const mid = [...results].sort((a, b) => a.busy - b.busy)[Math.floor(results.length / 2)];
  console.log(
    `median: blocking ${fmt(median(results.map((r) => r.tbt)))}, busy ${fmt(median(results.map((r) => r.busy)))}, ` +
      `longest task ${fmt(median(results.map((r) => Math.max(0, ...r.longTasks.map((t) => t.duration)))))}, ` +
      `emotion rules ${median(results.map((r) => r.firstRules))} at first render / ${median(results.map((r) => r.emotionRules))} in all, ` +
      `first render at ${fmt(median(results.map((r) => r.firstAt)))}, FCP ${fmt(median(results.map((r) => r.fcp)))}, ` +
      `load average ${loadavg()[0].toFixed(2)}`,
  );
  console.log('busy time by script (median run):');
  for (const [script, ms] of topOf(mid.byScript, 12)) console.log(`  ${fmt(ms).padStart(7)}  ${script}`);
  console.log(`heaviest functions, self (median run):`);
  for (const [fn, ms] of topOf(mid.fnSelf, top)) console.log(`  ${fmt(ms).padStart(7)}  ${fn}`);
  console.log(`heaviest functions, inclusive (median run):`);
  for (const [fn, ms] of topOf(mid.fnTotal, top)) console.log(`  ${fmt(ms).padStart(7)}  ${fn}`);
} finally {
  await kasa?.stop();
}
