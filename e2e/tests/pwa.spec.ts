import { expect, test, type Page } from '@playwright/test';

// The PWA as the production build serves it: service worker, manifest, icons, offline start.
// Service workers are blocked in the other suites (playwright.config.ts); these need them.
test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker is active for the page; returns its script URL and state. */
async function activeWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    // ready resolves once a worker is active, which may still be 'activating'.
    const active = registration.active;
    if (active && active.state !== 'activated') {
      await new Promise<void>((resolve) =>
        active.addEventListener('statechange', () => active.state === 'activated' && resolve()),
      );
    }
    return {
      scriptURL: registration.active?.scriptURL,
      state: registration.active?.state,
      scope: registration.scope,
    };
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('the service worker registers, activates and controls the page after a reload', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const worker = await activeWorker(page);
  expect(worker).toEqual({
    scriptURL: `${baseURL}/service-worker.js`,
    state: 'activated',
    scope: `${baseURL}/`,
  });

  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
    `${baseURL}/service-worker.js`,
  );
  // The shell's build is precached by workbox.
  const precached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.includes('precache'));
    if (!name) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  });
  expect(precached).toEqual(expect.arrayContaining(['/index.html', '/offline.html']));
  expect(precached.some((path) => /^\/main\.[0-9a-f]{10}\.js$/.test(path))).toBe(true);
});

test('/manifest.json is a valid install manifest and its icons are PNGs of the declared sizes', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.json');

  const response = await request.get('/manifest.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Kasa',
    short_name: 'Kasa',
    start_url: '/chat',
    scope: '/',
    display: 'standalone',
    theme_color: '#ffd60a',
    background_color: '#fffdf4',
  });
  expect(manifest.description).toEqual(expect.any(String));

  const icons: Array<{ src: string; sizes: string; type: string; purpose: string }> = manifest.icons;
  for (const wanted of [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ]) {
    expect(icons).toContainEqual(expect.objectContaining({ ...wanted, type: 'image/png' }));
  }
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  const touchIcon = await request.get(
    (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!,
  );
  expect(pngSize(await touchIcon.body())).toEqual({ width: 180, height: 180 });
});

test('the service worker is served fresh every time', async ({ request }) => {
  const response = await request.get('/service-worker.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers()['content-type']).toMatch(/javascript/);
});

test('offline, after a first visit, the app still opens and the remotes are cached', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await activeWorker(page);
  // The install step warmed every remote: its manifest, entry and exposed chunks are cached.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('kasa-')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  for (const remote of ['chat', 'studio', 'billing', 'account']) {
    expect(cached).toContain(`/remotes/${remote}/mf-manifest.json`);
    expect(cached).toContain(`/remotes/${remote}/remoteEntry.js`);
    expect(cached.some((path) => path.startsWith(`/remotes/${remote}/__federation_expose_`))).toBe(true);
  }
  expect(cached).toContain('/runtime-config.json');

  await context.setOffline(true);
  // Really offline, for the worker too: its own network requests fail.
  const [worker] = context.serviceWorkers();
  expect(
    await worker.evaluate(() =>
      fetch('/api/health', { cache: 'no-store' }).then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');

  const response = await page.goto('/legal/terms');
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('legal-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms of Use');

  // A remote's code loads from the cache: the entry and a chunk answer without a network.
  const remoteStatus = await page.evaluate(async () => {
    const entry = await fetch('/remotes/chat/remoteEntry.js');
    return { status: entry.status, bytes: (await entry.text()).length };
  });
  expect(remoteStatus.status).toBe(200);
  expect(remoteStatus.bytes).toBeGreaterThan(1000);

  await page.goto('/');
  // The shell got past its splash (runtime config from the cache) instead of its start-up error.
  await expect(page.getByTestId('splash')).toHaveCount(0);
  await expect(page.getByTestId('startup-error-panel')).toHaveCount(0);
  await context.setOffline(false);
});

/** Fires what Chrome fires when the app is installable; records whether prompt() was called. */
async function signalInstallable(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as unknown as { promptCalls: number }).promptCalls =
          ((window as unknown as { promptCalls?: number }).promptCalls ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
}

test.describe('install prompt card', () => {
  // The card waits for the cookie banner to be answered (tests/screens-fit.spec.ts).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
  });

  test('shows 3 s after the install signal (Android text), and Install runs the browser prompt', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('splash')).toHaveCount(0);
    await signalInstallable(page);
    const card = page.getByTestId('install-prompt');
    await page.waitForTimeout(1500);
    await expect(card).toHaveCount(0);
    await expect(card).toBeVisible({ timeout: 5000 });
    await expect(card).toContainText('Install Kasa');
    await expect(card).toContainText('Install as app for the best experience'); // Pixel 5 = Android
    const install = page.getByTestId('install-prompt-install');
    const box = await install.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await install.click();
    await expect(card).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { promptCalls?: number }).promptCalls)).toBe(1);
  });

  test('Not now is remembered across visits', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('splash')).toHaveCount(0);
    await signalInstallable(page);
    await page.getByTestId('install-prompt-dismiss').click({ timeout: 6000 });
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pwa-install-dismissed'))).toBe('true');

    await page.reload();
    await expect(page.getByTestId('splash')).toHaveCount(0);
    await signalInstallable(page);
    await page.waitForTimeout(4000);
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);
  });
});

test.describe('install prompt card on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('explains Share → Add to Home Screen, without an Install button', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
    await page.goto('/');
    const card = page.getByTestId('install-prompt');
    await expect(card).toBeVisible({ timeout: 8000 });
    await expect(card).toContainText("Tap the Share button, then 'Add to Home Screen'");
    await expect(page.getByTestId('install-prompt-install')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('install-card-ios.png') });
  });
});
