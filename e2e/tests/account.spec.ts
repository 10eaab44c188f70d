import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { Secret, TOTP } from 'otpauth';
import { expectNoSidewaysScroll } from '../support/billing';
import { registerAccount, useAccount } from '../support/session';

type Tab = 'overview' | 'profile' | 'subscription' | 'security' | 'preferences';
const VIEWPORTS = [
  { name: 'phone (360 px)', size: { width: 360, height: 740 } },
  { name: 'desktop', size: { width: 1280, height: 800 } },
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
});

const toast = (page: Page) => page.getByTestId('toast');

async function openTab(page: Page, tab: Tab) {
  await page.getByTestId(`account-tab-${tab}`).click();
  await expect(page.getByTestId(`account-panel-${tab}`)).toBeVisible();
}

/** The authenticator app the user would have: codes from the secret the page shows. */
function authenticator(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

for (const viewport of VIEWPORTS) {
  test(`every tab shows its content without sideways scrolling on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize(viewport.size);
    const account = await registerAccount(page.request, { email: true });
    await useAccount(page, account);
    await page.goto('/account');

    await openTab(page, 'overview');
    const overview = page.getByTestId('account-panel-overview');
    await expect(overview).toContainText(`Welcome, ${account.username}`);
    await expect(overview).toContainText(account.email!);
    await expect(overview.locator('[data-testid^="usage-meter-"]')).toHaveCount(5);
    await expect(overview.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    await expectNoSidewaysScroll(page);

    await openTab(page, 'profile');
    await expect(page.getByTestId('account-panel-profile')).toContainText(account.username);
    await expectNoSidewaysScroll(page);

    await openTab(page, 'subscription');
    await expect(page.getByTestId('account-panel-subscription')).toContainText('Free');
    await expect(page.getByTestId('account-panel-subscription')).toContainText(
      'No billing history available',
    );
    await expectNoSidewaysScroll(page);

    await openTab(page, 'security');
    // The real date of the password (set at sign-up today), not a fixed text.
    await expect(page.getByTestId('account-panel-security')).toContainText('Last changed');
    await expect(page.getByTestId('account-panel-security')).not.toContainText('30 days ago');
    await expectNoSidewaysScroll(page);

    await openTab(page, 'preferences');
    await page.getByRole('button', { name: 'Configure' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
  });
}

test('Profile: Edit → Save Changes updates the username everywhere; a taken name says so', async ({
  page,
}) => {
  const other = await registerAccount(page.request);
  const account = await registerAccount(page.request, { email: true });
  await useAccount(page, account);
  await page.goto('/account');
  await openTab(page, 'profile');
  const panel = page.getByTestId('account-panel-profile');

  await panel.getByRole('button', { name: 'Edit' }).click();
  await panel.getByLabel('Username').fill(other.username);
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Update Failed');
  await expect(toast(page)).toContainText('already taken');

  const renamed = `${account.username}_x`.slice(0, 32);
  await panel.getByLabel('Username').fill(renamed);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PUT',
  );
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page).last()).toContainText('Profile Updated');
  await expect(panel).toContainText(renamed);
});

test('Export Data builds a ZIP with progress and downloads it', async ({ page }) => {
  const account = await registerAccount(page.request, { email: true });
  const chat = await page.request.post('/api/chat', {
    headers: { Authorization: `Bearer ${account.token}`, Accept: 'text/event-stream' },
    data: { message: 'How do I store maize after harvest?' },
  });
  // The reply is read to its end, so the conversation holds both messages.
  expect(chat.status(), await chat.text()).toBe(200);
  await useAccount(page, account);
  await page.goto('/account');
  await openTab(page, 'overview');

  await page.getByRole('button', { name: 'Export Data' }).click();
  const link = page.getByTestId('export-download');
  await expect(link).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const zip = await JSZip.loadAsync(bytes);
  const accountJson = JSON.parse(await zip.file('account.json')!.async('string')) as {
    profile: { username: string };
  };
  expect(accountJson.profile.username).toBe(account.username);
  const markdown = Object.keys(zip.files).filter((name) => /^conversations\/.+\.md$/.test(name));
  expect(markdown).toHaveLength(1);
  expect(await zip.file(markdown[0])!.async('string')).toContain('How do I store maize after harvest?');
});

test('2FA: enrol with the shown secret, keep the backup codes, then sign in with a code and with a backup code', async ({
  page,
  browser,
}) => {
  const account = await registerAccount(page.request);
  await useAccount(page, account);
  await page.goto('/account');
  await openTab(page, 'security');

  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const secretBox = page.getByTestId('two-factor-secret');
  await expect(secretBox).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await secretBox.getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const app = authenticator(secret);

  await page.getByTestId('two-factor-confirm-code').fill(app.generate());
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  const codes = page.getByTestId('backup-codes').locator('li');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().innerText()).trim();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByTestId('account-panel-security')).toContainText('10');

  // A new device: the password alone is not enough.
  for (const code of [app.generate({ timestamp: Date.now() + 30_000 }), backupCode]) {
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
    await fresh.goto('/');
    await fresh.getByTestId('auth-username').fill(account.username);
    await fresh.getByTestId('auth-password').fill(account.password);
    await fresh.getByTestId('auth-submit').click();
    await expect(fresh.getByTestId('two-factor-step')).toBeVisible();
    expect(await fresh.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await fresh.getByTestId('two-factor-code').fill(code);
    await fresh.getByTestId('two-factor-submit').click();
    await expect(fresh.getByTestId('toast')).toContainText('Login Successful');
    await fresh.waitForURL('**/chat');
    expect(await fresh.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^ey/);
    await context.close();
  }

  // The backup code worked once: a second use is refused.
  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  const { challenge } = (await login.json()) as { challenge: string };
  const reused = await page.request.post('/api/auth/login/two-factor', {
    data: { challenge, code: backupCode },
  });
  expect(reused.status()).toBe(401);
});

test('Delete account: password confirmation, then signed out and the sign-in fails', async ({ page }) => {
  const account = await registerAccount(page.request, { email: true });
  await useAccount(page, account);
  await page.goto('/account');
  await openTab(page, 'security');

  await page.getByTestId('delete-account-open').click();
  await page.getByTestId('delete-account-password').fill(account.password);
  await page.getByTestId('delete-account-confirm-username').fill(account.username);
  const deleted = page.waitForResponse(
    (r) => r.url().endsWith('/api/account') && r.request().method() === 'DELETE',
  );
  await page.getByTestId('delete-account-submit').click();
  expect((await deleted).status()).toBe(200);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByTestId('landing-page')).toBeVisible();

  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(401);
});
