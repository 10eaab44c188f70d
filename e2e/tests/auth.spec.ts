import { expect, test, type Page } from '@playwright/test';
import { latestResetCode, registerAccount, uniqueUsername, useAccount } from '../support/session';

// The cookie banner has its own tests (cookies.spec.ts); here the visitor has already answered it.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
});

async function fillSignIn(page: Page, username: string, password: string) {
  await page.getByTestId('auth-username').fill(username);
  await page.getByTestId('auth-password').fill(password);
  await page.getByTestId('auth-submit').click();
}

test('a signed-out visitor sees the landing page at / and /chat, and other routes lead there', async ({
  page,
}) => {
  for (const path of ['/', '/chat']) {
    await page.goto(path);
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
  }
  for (const path of ['/account', '/ai-studio', '/subscription']) {
    await page.goto(path);
    await expect(page.getByTestId('landing-page')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  }
  await expect(page.getByText('© 2025 Kasa. All rights reserved.')).toBeVisible();
});

test('sign up → toast → /chat after about 500 ms, signed in', async ({ page }) => {
  const username = uniqueUsername('newcomer');
  await page.goto('/');
  await page.getByTestId('auth-toggle-mode').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Get started' })).toBeVisible();
  await page.getByTestId('auth-username').fill(username);
  await page.getByTestId('auth-email').fill(`${username}@example.com`);
  await page.getByTestId('auth-password').fill('harvest-2026');
  const registered = page.waitForResponse('**/api/auth/register');
  await page.getByTestId('auth-submit').click();
  expect((await registered).status()).toBe(201);
  const answeredAt = Date.now();
  await expect(page.getByTestId('toast')).toContainText('Registration Successful');
  await expect(page.getByTestId('toast')).toContainText('Account created successfully!');
  await page.waitForURL('**/chat');
  const waited = Date.now() - answeredAt;
  expect(waited).toBeGreaterThanOrEqual(400);
  expect(waited).toBeLessThan(5000);
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^ey/);

  // The session survives a reload.
  await page.reload();
  await expect(page.getByTestId('remote-chat')).toBeVisible();
});

test('sign in with the right password, then Logout revokes the token and shows the landing page', async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  await page.goto('/');
  await fillSignIn(page, account.username, account.password);
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await expect(page.getByTestId('toast')).toContainText('Welcome back!');
  await page.waitForURL('**/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));

  await page.getByTestId('logout-button').click();
  await expect(page.getByTestId('landing-page')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  // Logout revokes every token (docs/product.md#sessions): the old token no longer works anywhere.
  const check = await page.request.get('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } });
  expect(check.status()).toBe(401);
  await page.goto('/account');
  await expect(page.getByTestId('landing-page')).toBeVisible();
});

test('a wrong password shows Authentication Failed and stays on the landing page', async ({ page }) => {
  const account = await registerAccount(page.request);
  await page.goto('/');
  await fillSignIn(page, account.username, 'not-the-password');
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Authentication Failed');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByTestId('auth-submit')).toHaveText('Sign in');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('forgot password: code from the outbox → reset → sign in with the new password', async ({ page }) => {
  const account = await registerAccount(page.request, { email: true });
  await page.goto('/');
  await page.getByTestId('forgot-password').click();
  const dialog = page.getByTestId('forgot-dialog');
  await expect(dialog).toHaveAttribute('data-step', 'username');
  await expect(page.getByTestId('forgot-continue')).toBeDisabled();
  await page.getByTestId('forgot-username').fill(account.username);
  await page.getByTestId('forgot-continue').click();
  await expect(page.getByTestId('toast')).toContainText('Username Verified');
  await expect(dialog).toHaveAttribute('data-step', 'reset');

  const code = await latestResetCode(page.request, account.email!);
  await page.getByTestId('forgot-code').fill(code);
  await page.getByTestId('forgot-new-password').fill('new-harvest-1');
  await page.getByTestId('forgot-confirm-password').fill('new-harvest-2');
  await page.getByTestId('forgot-reset').click();
  await expect(page.getByTestId('toast')).toContainText("Passwords Don't Match");

  await page.getByTestId('forgot-confirm-password').fill('new-harvest-1');
  await page.getByTestId('forgot-reset').click();
  await expect(page.getByTestId('toast')).toContainText('Password Reset Successful');
  await expect(dialog).toHaveCount(0);

  // The code was single use.
  const reuse = await page.request.post('/api/auth/reset-password', {
    data: { username: account.username, code, newPassword: 'another-one' },
  });
  expect(reuse.status()).toBe(400);

  await fillSignIn(page, account.username, account.password);
  await expect(page.getByTestId('toast')).toContainText('Authentication Failed');
  await fillSignIn(page, account.username, 'new-harvest-1');
  await page.waitForURL('**/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
});

test('forgot password with an unknown username says Username Not Found', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('forgot-password').click();
  await page.getByTestId('forgot-username').fill(uniqueUsername('nobody'));
  await page.getByTestId('forgot-continue').click();
  await expect(page.getByTestId('toast')).toContainText('Username Not Found');
  await expect(page.getByTestId('toast')).toContainText('The username you entered was not found.');
  await expect(page.getByTestId('forgot-dialog')).toHaveAttribute('data-step', 'username');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('a French browser gets the French UI; the switch changes it and is kept', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Bon retour' })).toBeVisible();
    await expect(page.getByTestId('auth-submit')).toHaveText('Se connecter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByText('© 2025 Kasa. Tous droits réservés.')).toBeVisible();

    await page.getByTestId('language-switch').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('signed in, the shared header and the legal pages follow the language', async ({ page }) => {
    const account = await registerAccount(page.request);
    await useAccount(page, account);
    await page.goto('/account');
    await expect(page.getByTestId('remote-account')).toBeVisible();
    await expect(page.getByTestId('logout-button')).toHaveText('Déconnexion');
    await expect(
      page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Studio IA' }),
    ).toBeVisible();
    await page.goto('/legal/privacy');
    await expect(page.getByTestId('legal-back')).toHaveText('← Retour');
    await expect(page.getByTestId('legal-meta')).toContainText('En vigueur le');
  });
});

test('the landing page fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByTestId('auth-card')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the five legal pages are open to signed-out visitors, with the texts from the server', async ({
  page,
}) => {
  const pages: Array<[path: string, title: string]> = [
    ['/legal/terms', 'Terms of Use'],
    ['/legal/privacy', 'Privacy Policy'],
    ['/legal/cookies', 'Cookie Policy'],
    ['/legal/fair-use', 'Fair Use Policy'],
    ['/legal/pricing', 'Pricing'],
  ];
  await page.goto('/');
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    await expect(page.getByTestId('legal-meta')).toContainText(
      /Version \d+\.\d+ · Effective \d{1,2} \w+ \d{4}/,
    );
    await expect(page.getByTestId('legal-content')).toContainText('Kasa');
    expect(new URL(page.url()).pathname).toBe(path);
    await page.getByTestId('legal-back').click();
    await expect(page.getByTestId('landing-page')).toBeVisible();
  }
});
