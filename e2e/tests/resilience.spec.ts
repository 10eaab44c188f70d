import { expect, test } from '@playwright/test';
import { signedIn } from '../support/session';

test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

test('the splash shows while the session loads, and the page needs no runtime-config round trip', async ({
  page,
}) => {
  const configRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/runtime-config.json')) configRequests.push(request.url());
  });
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await gate;
    await route.continue();
  });
  // Not / or /chat: there index.html paints the chat screen instead (tests/chat-preview.spec.ts).
  await page.goto('/account', { waitUntil: 'commit' });
  const splash = page.getByTestId('splash');
  await expect(splash).toBeVisible();
  await expect(splash).toContainText('Initializing Kasa');
  await expect(splash).toContainText('Setting up your AI assistant...');
  release();
  await expect(page.getByTestId('remote-account')).toBeVisible();
  await expect(splash).toHaveCount(0);
  // index.html carries the configuration inline.
  expect(configRequests).toEqual([]);
});

test('a remote that cannot load shows the error panel, and Retry recovers it', async ({ page }) => {
  // The studio remote is unreachable (as on a dropped mobile connection).
  await page.route('**/remotes/studio/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/ai-studio');
  const panel = page.getByTestId('remote-error-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('remote-studio')).toHaveCount(0);

  // Still broken: Retry keeps the panel (and really tries again).
  let attempts = 0;
  await page.unroute('**/remotes/studio/**');
  await page.route('**/remotes/studio/**', (route) => {
    attempts += 1;
    return route.abort('internetdisconnected');
  });
  await page.getByTestId('remote-retry').click();
  await expect(panel).toBeVisible();
  await expect.poll(() => attempts).toBeGreaterThan(0);

  // The connection is back: Retry mounts the remote without a page reload.
  await page.unroute('**/remotes/studio/**');
  await page.getByTestId('remote-retry').click();
  await expect(page.getByTestId('remote-studio')).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('a remote pointed at a broken URL shows the error panel, other areas still work', async ({ page }) => {
  // The page's inlined runtime configuration points the billing remote nowhere.
  await page.route(
    (url) => url.pathname === '/subscription',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '/remotes/billing/mf-manifest.json',
        'http://127.0.0.1:9/nowhere/mf-manifest.json',
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto('/subscription');
  await expect(page.getByTestId('remote-error-panel')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByTestId('remote-account')).toBeVisible();
});

test('the API health endpoint reports database and queue ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe('ok');
  expect(body.database.status).toBe('ok');
  expect(body.queue.status).toBe('ok');
  expect(body.queue.roundTripMs).toBeGreaterThanOrEqual(0);
});
