// bench/interactions/run.mjs: how fast the screens answer a tap on a cheap phone. Loads the
// production build in Chromium at 360 × 740 with the CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate, Lighthouse's phone model) and, for each interaction, prints:
//   - its interaction latency: the longest Event Timing entry of the interaction (input delay +
//     handlers + the next paint), what Interaction to Next Paint reports for it;
//     When Chromium delivers no entry for it within 2 s (it does so only at the next presented
//     frame, which headless Chromium can hold back for seconds while a text area has the focus),
//     the page's own measure: input → end of the first frame after its handlers ("next frame",
//     printed for every interaction);
//   - "shown": from the input to the first frame where what the tap asked for is on screen (the
//     menu, the panel, the conversation's messages), which includes a chunk fetched on the tap.
// Each interaction is done first on a fresh page (empty cache: the first opening) and then again
// (the chunk is there); medians of the runs. Goal (docs/product.md "Performance budgets" in
// ../shared/DESIGN.md's terms): interaction latency ≤ 200 ms at 4× CPU.
//
//   node bench/interactions/run.mjs               3 runs (`-- --runs N`)
//   --url http://localhost:3000                   a running `npm start` (needs --token)
//
// Chrome: CHROME_PATH (default /usr/bin/chromium). Build first (`npm run build`).
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startKasa } from '../support/kasa-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : fallback;
};
const runs = Math.max(1, Number(arg('--runs', 3)) || 3);
const externalOrigin = arg('--url')?.replace(/\/$/, '');
const externalToken = arg('--token');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;

const kasa = externalOrigin
  ? undefined
  : await startKasa({
      // Its own database and queue prefix per port: two runs at once never share one.
      name: `interactions_${process.env.BENCH_PORT ?? 3212}`,
      port: Number(process.env.BENCH_PORT ?? 3212),
      embeddedPgPort: 54352,
    });
const origin = externalOrigin ?? kasa.origin;

/**
 * Runs in the page before its scripts: records every Event Timing entry, the frames that follow
 * each input, and when things show.
 */
function instrument() {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        window.__events.push({
          id: e.interactionId,
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          // When the entry reached the page: Chromium delivers it after the frame is presented,
          // and headless Chromium sometimes presents nothing for seconds (see frameAfter).
          seen: performance.now(),
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // The frame after each input, measured without Event Timing: from the input's timestamp to the
  // end of the first animation frame that starts after its handlers ran (rAF, then a message posted
  // from it runs after that frame's style, layout and paint). Event Timing is the reference, but
  // with the focus in a text area headless Chromium delivers it only at the next "presented"
  // frame, seconds later (every key of a typed word then "lasted" 6 s): this one always arrives.
  window.__frames = [];
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => {
    const end = performance.now();
    for (const entry of waiting.splice(0)) window.__frames.push({ ...entry, end });
  };
  for (const type of ['pointerdown', 'keydown', 'click', 'keyup', 'pointerup']) {
    window.addEventListener(
      type,
      (event) => {
        const entry = { type, start: event.timeStamp };
        // After every handler of this event (a task queued now runs after the dispatch).
        setTimeout(() => {
          requestAnimationFrame(() => {
            waiting.push(entry);
            channel.port2.postMessage(0);
          });
        }, 0);
      },
      { capture: true },
    );
  }
  /** Resolves with the time of the first frame in which `selector` matches a visible element. */
  window.__shownAt = (selector) =>
    new Promise((resolve) => {
      const check = () => {
        const el = document.querySelector(selector);
        const box = el?.getBoundingClientRect();
        if (box && box.width > 0 && box.height > 0) resolve(performance.now());
        else requestAnimationFrame(check);
      };
      check();
    });
}

/**
 * Does `act` and waits for `shown`; returns the interaction's latency and the time from the input
 * to `shown` on screen. The latency is the longest Event Timing entry of the interactions that
 * started after `act` began (an entry of an earlier key, delivered late, is not this tap's), or,
 * when Chromium delivered none of them within 2 s, the frame measured in the page (instrument).
 */
async function timed(page, act, shown) {
  const before = await page.evaluate(() => {
    window.__events = [];
    window.__frames = [];
    return performance.now();
  });
  const shownAt = page.evaluate((selector) => window.__shownAt(selector), shown);
  await act();
  const at = await shownAt;
  // Event Timing entries arrive after the next presented frame: give them time.
  let events = [];
  let frames = [];
  for (let waited = 0; waited < 2000; waited += 100) {
    await page.waitForTimeout(100);
    ({ events, frames } = await page.evaluate(() => ({ events: window.__events, frames: window.__frames })));
    events = events.filter((e) => e.start >= before - 1);
    if (waited >= 200 && (events.length || frames.length)) break;
  }
  frames = frames.filter((f) => f.start >= before - 1);
  const frame = frames.length ? Math.max(...frames.map((f) => f.end - f.start)) : NaN;
  const firstInput = frames.length ? Math.min(...frames.map((f) => f.start)) : before;
  if (!events.length) {
    // Every event under 16 ms leaves no entry (the API's floor); the page's own measure then says.
    return { latency: Number.isFinite(frame) ? frame : 16, frame, shown: at - firstInput, source: 'frame' };
  }
  const first = Math.min(...events.map((e) => e.start));
  const byId = new Map();
  for (const e of events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
  const latency = Math.max(...byId.values());
  return { latency, frame, shown: at - Math.min(first, firstInput), source: 'event timing' };
}

async function newPage(browser, token) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: false,
  });
  await context.addInitScript((t) => {
    localStorage.setItem('cookieConsentGiven', 'true');
    if (t && !localStorage.getItem('auth_token')) localStorage.setItem('auth_token', t);
  }, token);
  await context.addInitScript(instrument);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`  page error: ${error.message.split('\n')[0]}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, close: () => context.close() };
}

const settle = (page) => page.waitForTimeout(1500);

/** Each scenario returns named figures; `first`/`again` are the same interaction done twice. */
const scenarios = {
  async composer(page) {
    await page.goto(`${origin}/chat`);
    const input = page.locator('[data-testid="chat-input"]');
    await input.waitFor({ timeout: 60_000 });
    await settle(page);
    const keys = [];
    await input.click();
    for (const key of 'Maize price') {
      keys.push(await timed(page, () => page.keyboard.type(key), '[data-testid="chat-input"]'));
    }
    const typing = keys.reduce((worst, k) => (k.latency > worst.latency ? k : worst));
    const send = await timed(
      page,
      () => page.click('[data-testid="send-button"]'),
      '[data-testid="chat-message"][data-role="user"]',
    );
    await page.locator('[data-testid="chat-message"][data-role="assistant"]').waitFor({ timeout: 60_000 });
    await settle(page);
    const plusFirst = await timed(
      page,
      () => page.click('[data-testid="enhancements-button"]'),
      '[role="menu"]',
    );
    await page.keyboard.press('Escape');
    await page.locator('[role="menu"]').waitFor({ state: 'hidden' });
    const plusAgain = await timed(
      page,
      () => page.click('[data-testid="enhancements-button"]'),
      '[role="menu"]',
    );
    await page.keyboard.press('Escape');
    return {
      'typing in the composer (worst key)': { ...typing, shown: NaN },
      send,
      'plus menu, first opening': plusFirst,
      'plus menu, again': plusAgain,
    };
  },
  async conversation(page) {
    // The account already has a conversation (the composer scenario sent one): open it from Recent.
    await page.goto(`${origin}/chat`);
    await page.locator('[data-testid="chat-welcome"]').waitFor({ timeout: 60_000 });
    await settle(page);
    await page.click('[data-testid="sidebar-toggle"]');
    const item = page.locator('[data-testid="conversation-item"]').first();
    await item.waitFor();
    await settle(page);
    return {
      'opening a conversation': await timed(
        page,
        () => item.click(),
        '[data-testid="chat-message"][data-role="assistant"]',
      ),
    };
  },
  async studio(page) {
    await page.goto(`${origin}/ai-studio?tab=media`);
    await page.locator('[data-testid="studio-tab-voice"]').waitFor({ timeout: 60_000 });
    await settle(page);
    const first = await timed(
      page,
      () => page.click('[data-testid="studio-tab-voice"]'),
      '#studio-panel-voice',
    );
    await page.click('[data-testid="studio-tab-media"]');
    await page.locator('#studio-panel-media').waitFor();
    await settle(page);
    const again = await timed(
      page,
      () => page.click('[data-testid="studio-tab-voice"]'),
      '#studio-panel-voice',
    );
    return { 'AI Studio tab, first switch': first, 'AI Studio tab, again': again };
  },
  async account(page) {
    const started = Date.now();
    await page.goto(`${origin}/account`);
    await page.locator('[data-testid="account-panel-overview"]').waitFor({ timeout: 60_000 });
    const loaded = Date.now() - started;
    await settle(page);
    const first = await timed(
      page,
      () => page.click('[data-testid="account-tab-preferences"]'),
      '[data-testid="account-panel-preferences"]',
    );
    await page.click('[data-testid="account-tab-overview"]');
    await page.locator('[data-testid="account-panel-overview"]').waitFor();
    await settle(page);
    const again = await timed(
      page,
      () => page.click('[data-testid="account-tab-preferences"]'),
      '[data-testid="account-panel-preferences"]',
    );
    return {
      'Account page shown (navigation → overview)': { latency: NaN, shown: loaded },
      'Account tab, first switch': first,
      'Account tab, again': again,
    };
  },
};

const median = (values) => {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length ? finite[Math.floor(finite.length / 2)] : NaN;
};
const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '—');

try {
  const token = externalToken ?? (await kasa.register('interact'));
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const figures = new Map();
  console.log(
    `interactions: ${runs} runs, 360 × 740, CPU ${CPU_SLOWDOWN}×, load average ${loadavg()[0].toFixed(2)}`,
  );
  try {
    for (let r = 0; r < runs; r += 1) {
      for (const [name, scenario] of Object.entries(scenarios)) {
        const { page, close } = await newPage(browser, token);
        try {
          for (const [label, figure] of Object.entries(await scenario(page))) {
            if (!figures.has(label)) figures.set(label, []);
            figures.get(label).push(figure);
          }
        } catch (error) {
          console.log(`  run ${r + 1}, ${name}: failed: ${error.message.split('\n')[0]}`);
        } finally {
          await close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `median of ${runs} (goal: interaction latency ≤ 200 ms), load average ${loadavg()[0].toFixed(2)}:`,
  );
  for (const [label, values] of figures) {
    const latency = median(values.map((v) => v.latency));
    const shown = median(values.map((v) => v.shown));
    const frame = median(values.map((v) => v.frame));
    const verdict = Number.isFinite(latency) ? (latency <= 200 ? 'within' : 'OVER') : '';
    console.log(
      `  ${label.padEnd(44)} latency ${ms(latency).padStart(7)}  shown ${ms(shown).padStart(8)}  next frame ${ms(frame).padStart(7)}  ${verdict}`,
    );
  }
} finally {
  await kasa?.stop();
}
