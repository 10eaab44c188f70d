import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '../support/session';

// The application's first-screen chunks (docs/architecture.md#first-screen-chunks): index.html's
// loader requests them beside main.js, so the start is one round of requests, not a chain.

const SHELL_CHUNK = /^\/\d+\.[0-9a-f]{10}\.js$/;
const APP_SCRIPT = /^\/main\.[0-9a-f]{10}\.js$/;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
});

/** The shell's scripts requested until the chat remote is asked for, in order, as paths. */
function shellScriptsBeforeTheRemote(page: Page): string[] {
  const paths: string[] = [];
  let remoteAskedFor = false;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/remotes/')) remoteAskedFor = true;
    if (!remoteAskedFor && request.resourceType() === 'script') paths.push(path);
  });
  return paths;
}

test('a signed-in /chat requests every chunk its start needs together with main.js, none after', async ({
  page,
}) => {
  await signedIn(page);
  const requested = shellScriptsBeforeTheRemote(page);
  await page.goto('/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();

  const listed = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'))
      .filter((script) => script.async)
      .map((script) => new URL(script.src).pathname),
  );
  const shellChunks = requested.filter((path) => SHELL_CHUNK.test(path));
  // The loader listed the chunks (React, React DOM, emotion, React Query, @kasa/* and the start).
  expect(shellChunks.length).toBeGreaterThanOrEqual(10);
  // Every chunk the start needed before the chat remote was one the loader had already requested
  // (the runtime found its element instead of adding one a round trip later).
  for (const path of shellChunks) expect(listed).toContain(path);
  expect(requested.filter((path) => APP_SCRIPT.test(path))).toHaveLength(1);
  // Each requested once.
  expect(new Set(requested).size).toBe(requested.length);
});

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
  await page.route(
    (url) => APP_SCRIPT.test(url.pathname),
    async (route) => {
      await failure;
      await route.continue();
    },
  );
  await page.goto('/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  expect(failed).toBeDefined();
  expect(requests.filter((path) => path === failed)).toHaveLength(2);
});
