import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '../support/session';

// The application's first-screen chunks (docs/architecture.md#first-screen-chunks): index.html's
// loader requests them beside main.js, so the start is one round of requests, not a chain.

const SHELL_CHUNK = /^\/\d+\.[0-9a-f]{10}\.js$/;
const APP_SCRIPT = /^\/main\.[0-9a-f]{10}\.js$/;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
});

/**
 * The shell chunks the page requested, each with whether the application's own runtime (a stack
 * through main.js) asked for it rather than index.html's loader, from the DevTools protocol.
 */
async function shellChunkRequests(page: Page): Promise<{ path: string; byRuntime: boolean }[]> {
  const requests: { path: string; byRuntime: boolean }[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const path = new URL(request.url).pathname;
    if (!SHELL_CHUNK.test(path)) return;
    const frames: { url: string }[] = [];
    for (let stack = initiator.stack; stack; stack = stack.parent) frames.push(...stack.callFrames);
    requests.push({
      path,
      byRuntime: frames.some((frame) => APP_SCRIPT.test(new URL(frame.url, 'http://x').pathname)),
    });
  });
  return requests;
}

test('a signed-in /chat requests every chunk its start needs together with main.js, none after', async ({
  page,
}) => {
  await signedIn(page);
  const requests = await shellChunkRequests(page);
  await page.goto('/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();

  // The shell's chunks: a remote's own chunks, which the runtime loads once the chat shows (the
  // welcome panel's farm cards, loaded when the screen is idle), are not the loader's.
  const listed = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'))
      .filter((script) => script.async)
      .map((script) => new URL(script.src).pathname)
      .filter((path) => !path.startsWith('/remotes/')),
  );
  // The loader listed the chunks (React, React DOM, emotion, React Query, @kasa/* and the start).
  expect(listed.length).toBeGreaterThanOrEqual(10);
  for (const path of listed) expect(requests.map((request) => request.path)).toContain(path);
  // Until the chat showed, the runtime never had to ask for a shell chunk itself, and none twice.
  expect(requests.filter((request) => request.byRuntime)).toEqual([]);
  expect(new Set(requests.map((request) => request.path)).size).toBe(requests.length);
});

/** Holds the application's entry (main.js) back until `until` settles. */
async function holdMainScript(page: Page, until: Promise<void>): Promise<void> {
  await page.route(
    (url) => APP_SCRIPT.test(url.pathname),
    async (route) => {
      await until;
      await route.continue();
    },
  );
}

test('a first-screen chunk that does not load is requested again by the application, which starts', async ({
  page,
}) => {
  await signedIn(page);
  // The first shell chunk requested fails (a dropped connection) and main.js arrives after that;
  // the same chunk's later request passes.
  let failed: string | undefined;
  let markFailed: () => void = () => undefined;
  const failure = new Promise<void>((resolve) => (markFailed = resolve));
  const requests: string[] = [];
  await page.route(
    (url) => SHELL_CHUNK.test(url.pathname),
    async (route) => {
      const path = new URL(route.request().url()).pathname;
      requests.push(path);
      if (!failed) {
        failed = path;
        await route.abort('connectionreset');
        markFailed();
        return;
      }
      await route.continue();
    },
  );
  await holdMainScript(page, failure);
  await page.goto('/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  expect(failed).toBeDefined();
  expect(requests.filter((path) => path === failed)).toHaveLength(2);
});

test("a signed-in /chat fetches the chat remote's manifest, entry and App before main.js has run, each once", async ({
  page,
}) => {
  await signedIn(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // main.js is held until the chat remote's entry has been requested: only index.html's loader
  // can ask for it that early.
  let entryRequested: () => void = () => undefined;
  const entry = new Promise<void>((resolve) => (entryRequested = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/remotes/chat/remoteEntry.js') entryRequested();
  });
  await holdMainScript(page, entry);
  await page.goto('/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  const count = (pattern: RegExp) => requested.filter((path) => pattern.test(path)).length;
  expect(count(/^\/remotes\/chat\/mf-manifest\.json$/)).toBe(1);
  expect(count(/^\/remotes\/chat\/remoteEntry\.js$/)).toBe(1);
  expect(count(/^\/remotes\/chat\/__federation_expose_App\.[0-9a-f]{10}\.js$/)).toBe(1);
});
