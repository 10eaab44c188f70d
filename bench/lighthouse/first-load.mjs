// bench/lighthouse/first-load.mjs: how long a first load of a page takes on a slow network, from
// navigation to its screen (the signed-in chat by default), in Chromium with the network slowed by
// CDP (round-trip time, throughput) and optionally the CPU. Each run uses a fresh browser context:
// empty cache, no service worker, as a phone that has not been here since the last deploy.
// Round trips show here, not in Lighthouse's simulated run, which models the CPU far above them.
//
//   node bench/lighthouse/first-load.mjs                  /chat signed in, RTT 300 ms, 1.6 Mbit/s, CPU 1×, 5 runs
//   node bench/lighthouse/first-load.mjs --rtt 150 --cpu 4 --runs 7
//   node bench/lighthouse/first-load.mjs --page / --signed-out
//
// Chrome: CHROME_PATH (default /usr/bin/chromium). Build first (`npm run build`).
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startKasa } from '../support/kasa-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : fallback;
};
const pagePath = arg('--page', '/chat');
const signedIn = !process.argv.includes('--signed-out');
const runs = Math.max(1, Number(arg('--runs', 5)) || 5);
const rttMs = Number(arg('--rtt', 300));
const downKbps = Number(arg('--down-kbps', 1600));
const cpuRate = Number(arg('--cpu', 1));
const readySelector = signedIn ? '[data-testid="remote-chat"]' : '[data-testid="landing-page"]';

const kasa = await startKasa({
  name: 'lhfirstload',
  port: Number(process.env.BENCH_PORT ?? 3216),
  embeddedPgPort: 54356,
});
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const token = signedIn ? await kasa.register('lhfirstload') : undefined;
  console.log(
    `first load of ${pagePath} (${signedIn ? 'signed in' : 'signed out'}): RTT ${rttMs} ms, ${downKbps} kbit/s down, ` +
      `CPU ${cpuRate}×, ${runs} runs; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const times = [];
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    if (token) await context.addInitScript((t) => localStorage.setItem('auth_token', t), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: rttMs,
      downloadThroughput: (downKbps * 1000) / 8,
      uploadThroughput: (750 * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    const started = performance.now();
    await page.goto(`${kasa.origin}${pagePath}`);
    await page.waitForSelector(readySelector, { timeout: 120_000 });
    const ms = Math.round(performance.now() - started);
    times.push(ms);
    console.log(`  run ${run}: ${ms} ms to ${readySelector}`);
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `median ${sorted[Math.floor(sorted.length / 2)]} ms (${sorted[0]}–${sorted.at(-1)}); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  await kasa.stop();
}
