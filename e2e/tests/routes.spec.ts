import { expect, test } from '@playwright/test';
import { signedIn } from '../support/session';

// Signed in: the route table for signed-in visitors (docs/product.md#screens-and-routes).
test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

// The route table: which feature area each path mounts.
const remoteRoutes: Array<[path: string, remote: string]> = [
  ['/', 'chat'],
  ['/chat', 'chat'],
  ['/ai-studio', 'studio'],
  ['/subscription', 'billing'],
  ['/payments', 'billing'],
  ['/account', 'account'],
];

for (const [path, remote] of remoteRoutes) {
  test(`${path} mounts the ${remote} remote`, async ({ page }) => {
    const manifestRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/mf-manifest.json')) manifestRequests.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await expect(page.getByTestId(`remote-${remote}`)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
    // Only the remote this route needs is fetched: every other one would cost a phone data.
    expect(manifestRequests).toEqual([`/remotes/${remote}/mf-manifest.json`]);
  });
}

const legalPages: Array<[path: string, title: string]> = [
  ['/legal/terms', 'Terms of Use'],
  ['/legal/privacy', 'Privacy Policy'],
  ['/legal/cookies', 'Cookie Policy'],
  ['/legal/fair-use', 'Fair Use Policy'],
  ['/legal/pricing', 'Pricing'],
];

for (const [path, title] of legalPages) {
  test(`${path} is rendered by the shell itself`, async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/')) remoteRequests.push(request.url());
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    expect(remoteRequests).toEqual([]);
  });
}

test('in French a legal page is read in French, with its own version and no English notice', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('kasa-language', 'fr'));
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/legal/pages/')) asked.push(new URL(request.url()).search);
  });
  await page.goto('/legal/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
  const content = page.getByTestId('legal-content');
  await expect(content).toHaveAttribute('lang', 'fr');
  await expect(content.getByRole('heading', { level: 2, name: 'Vos droits' })).toBeVisible();
  await expect(page.getByTestId('legal-meta')).toHaveText('Version 1.0 · En vigueur le 29 novembre 2026');
  await expect(page.getByText(/affiché en anglais/)).toHaveCount(0);
  expect(asked).toEqual(['?lang=fr']);
});

test('an unknown route redirects to /', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('navigating between areas loads each remote on demand without a reload', async ({ page }) => {
  await page.goto('/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  // On a phone the chat's links live in its sidebar drawer.
  await page.getByTestId('sidebar-toggle').click();
  await page.getByRole('link', { name: 'AI Studio' }).first().click();
  await expect(page.getByTestId('remote-studio')).toBeVisible();
  await expect(page).toHaveURL(/\/ai-studio$/);
  await page.getByRole('link', { name: 'Account' }).first().click();
  await expect(page.getByTestId('remote-account')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker: number }).__marker)).toBe(42);
});
