// bench/lighthouse/tasks.mjs: which work each long task of a page load is. Loads a page of the
// production build in Chromium with the CPU slowed 4× and a Chrome trace, and prints every main-thread
// task over 50 ms with what ran in it (the scripts evaluated, functions called, HTML parsed, style
// and layout), so a before/after of profile.mjs's blocking time can be read task by task.
//
//   node bench/lighthouse/tasks.mjs                        `/` signed out, 3 runs
//   node bench/lighthouse/tasks.mjs --page /chat --signed-in --runs 1
//   node bench/lighthouse/tasks.mjs --functions            also the code each task ran: V8's samples,
//                                                          by package or source file and by function
//                                                          (source-mapped after `KASA_SOURCE_MAPS=1 npm run build`)
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startKasa } from '../support/kasa-server.mjs';
import { describeFrame, samplesOf } from './cpu-samples.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : fallback;
};
const pagePath = arg('--page', '/');
const signedIn = process.argv.includes('--signed-in');
const runs = Math.max(1, Number(arg('--runs', 3)) || 3);
const functions = process.argv.includes('--functions');
const readySelector = signedIn ? '[data-testid="remote-chat"]' : '[data-testid="landing-page"]';

const kasa = await startKasa({
  name: 'lhtasks',
  port: Number(process.env.BENCH_PORT ?? 3212),
  embeddedPgPort: 54352,
});
const short = (url) => (url ? url.replace(kasa.origin, '').replace(/\.[0-9a-f]{10}\.js$/, '.js') : '');

/** The trace's main-thread tasks over 50 ms, each with its heaviest direct kinds of work. */
function longTasks(events, startTs) {
  // The page's renderer: of the renderer main threads (about:blank has one too), the one that ran scripts.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const scripts = (t) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'EvaluateScript').length;
  const main = mains.sort((a, b) => scripts(b) - scripts(a))[0];
  const samples = functions && main ? samplesOf(events, main) : [];
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 50_000);
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const parts = new Map();
    for (const e of inside) {
      let label;
      if (e.name === 'EvaluateScript' || e.name === 'v8.compile') label = `eval ${short(e.args?.data?.url)}`;
      else if (e.name === 'FunctionCall') label = `call ${short(e.args?.data?.url)}`;
      else if (e.name === 'ParseHTML') label = 'parse HTML';
      else if (e.name === 'UpdateLayoutTree' || e.name === 'RecalculateStyles') label = 'style';
      else if (e.name === 'Layout') label = 'layout';
      else if (e.name === 'Paint' || e.name === 'PrePaint') label = 'paint';
      else if (e.name === 'MajorGC' || e.name === 'MinorGC') label = 'gc';
      else if (e.name === 'RunMicrotasks') label = 'microtasks';
      else continue;
      // Only the outermost event of each label counts (nested calls are inside it).
      const nested = inside.some(
        (o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur,
      );
      if (!nested) parts.set(label, (parts.get(label) ?? 0) + e.dur / 1000);
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 5);
    return {
      at: Math.round((task.ts - startTs) / 1000),
      ms: Math.round(task.dur / 1000),
      what: top.map(([l, ms]) => `${l} ${Math.round(ms)}`).join(', '),
      code: functions ? codeOf(samples.filter((s) => s.ts >= task.ts && s.ts < end)) : [],
    };
  });
}

/** The task's samples summed by where the code comes from and by function, heaviest first. */
function codeOf(samples) {
  const byOrigin = new Map();
  const byFunction = new Map();
  for (const sample of samples) {
    const { origin, fn } = describeFrame(sample.frame);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + sample.ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + sample.ms);
  }
  const heaviest = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
  return [`by origin: ${heaviest(byOrigin, 6).join(', ')}`, ...heaviest(byFunction, 8).map((f) => `  ${f}`)];
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const summary = [];
  const token = signedIn ? await kasa.register('lhtasks') : undefined;
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    if (token) await context.addInitScript((t) => localStorage.setItem('auth_token', t), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline' +
        (functions ? ',disabled-by-default-v8.cpu_profiler' : ''),
      transferMode: 'ReportEvents',
    });
    await page.goto(`${kasa.origin}${pagePath}`, { waitUntil: 'load' });
    // Polled through CDP with a one-line expression: Playwright's own waiting injects its selector
    // engine into the page, a script evaluation of its own that would show up as a long task.
    const ready = `Boolean(document.querySelector(${JSON.stringify(readySelector)}))`;
    for (let i = 0; !(await cdp.send('Runtime.evaluate', { expression: ready })).result.value; i += 1) {
      if (i > 240) throw new Error(`${readySelector} did not show within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const finished = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await finished;
    const nav = events.find((e) => e.name === 'navigationStart') ?? events.find((e) => e.ts > 0);
    const tasks = longTasks(events, nav.ts);
    const blocking = tasks.reduce((sum, t) => sum + t.ms - 50, 0);
    console.log(
      `run ${run}: ${tasks.length} tasks over 50 ms, blocking ${blocking} ms, load ${loadavg()[0].toFixed(2)}`,
    );
    summary.push({ blocking, longest: Math.max(0, ...tasks.map((t) => t.ms)) });
    for (const t of tasks) {
      console.log(`  at ${t.at} ms: ${t.ms} ms  ${t.what}`);
      for (const line of t.code) console.log(`      ${line}`);
    }
    await context.close();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `median of ${runs}: blocking ${median(summary.map((r) => r.blocking))} ms, ` +
      `longest task ${median(summary.map((r) => r.longest))} ms, load ${loadavg()[0].toFixed(2)}`,
  );
} finally {
  await browser.close();
  await kasa.stop();
}
