import { expect, test, type Page } from '@playwright/test';
import { registerAccount } from '../support/session';

// The landing entry (docs/architecture.md#landing-entry): a signed-out / or /chat runs an ordinary
// React build without Module Federation; everything past the landing page is the application's.

const APP_SCRIPT = /\/main\.[0-9a-f]{10}\.js$/;
const LANDING_SCRIPT = /\/landing\/[^/]+\.js$/;
const FEDERATION = /\/(?:mf-manifest\.json|remoteEntry\.js)$/;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
});

function scriptsRequested(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || FEDERATION.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test('a signed-out / and /chat load the landing entry, neither the application nor any remote', async ({
  page,
}) => {
  for (const path of ['/', '/chat']) {
    const urls = scriptsRequested(page);
    await page.goto(path);
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeVisible();
    expect(urls.some((url) => LANDING_SCRIPT.test(url))).toBe(true);
    expect(urls.filter((url) => APP_SCRIPT.test(url) || FEDERATION.test(url))).toEqual([]);
    page.removeAllListeners('request');
  }
});

test('signing in on the landing entry opens the chat as the application, signed in', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  const urls = scriptsRequested(page);
  await page.goto('/');
  await page.getByTestId('auth-username').fill(account.username);
  await page.getByTestId('auth-password').fill(account.password);
  await page.getByTestId('auth-submit').click();
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await page.waitForURL('**/chat');
  // The greeting came along to the application's page (a page load of its own) for its time left.
  await expect(page.getByTestId('toast')).toContainText('Welcome back!');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  expect(urls.some((url) => APP_SCRIPT.test(url))).toBe(true);
  // Back on /, signed in: the application's chat, not the landing entry.
  const later = scriptsRequested(page);
  await page.goto('/');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  expect(later.filter((url) => LANDING_SCRIPT.test(url))).toEqual([]);
});

test('a legal page opened from the landing entry keeps the page load, and Back returns to the landing page', async ({
  page,
}) => {
  const urls = scriptsRequested(page);
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await page.getByTestId('legal-footer').getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(/\/legal\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(urls.filter((url) => APP_SCRIPT.test(url))).toEqual([]);
  await page.goBack();
  await expect(page.getByTestId('landing-page')).toBeVisible();
});

test('when the landing script cannot load, the application starts and shows the same landing page', async ({
  page,
}) => {
  await page.route(LANDING_SCRIPT, (route) => route.abort('internetdisconnected'));
  const urls = scriptsRequested(page);
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeVisible();
  expect(urls.some((url) => APP_SCRIPT.test(url))).toBe(true);
});

test('a sign-in in another tab turns the landing entry into the signed-in application', async ({
  page,
  context,
  request,
}) => {
  const account = await registerAccount(request);
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await other.getByTestId('auth-username').fill(account.username);
  await other.getByTestId('auth-password').fill(account.password);
  await other.getByTestId('auth-submit').click();
  await other.waitForURL('**/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
});

test('with the data saver on, a signed-out / starts the application, which shows the same landing page', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('kasa-data-saver', 'on'));
  const urls = scriptsRequested(page);
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeVisible();
  expect(urls.some((url) => APP_SCRIPT.test(url))).toBe(true);
  expect(urls.filter((url) => LANDING_SCRIPT.test(url))).toEqual([]);
});
