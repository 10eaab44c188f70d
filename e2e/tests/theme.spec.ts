import { expect, test } from '@playwright/test';
import { signedIn } from '../support/session';

test('Alt+W toggles the theme and the choice survives a reload', async ({ page }) => {
  await signedIn(page);
  await page.goto('/chat');
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  const stored = () => page.evaluate(() => localStorage.getItem('kasa-theme'));
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  const before = (await stored()) ?? 'color';
  expect(before).toBe('color');
  const colourBackground = await background();

  await page.keyboard.press('Alt+KeyW');
  await expect.poll(stored).toBe('mono');
  await page.reload();
  await expect(page.getByTestId('remote-chat')).toBeVisible();
  expect(await stored()).toBe('mono');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'mono');
  expect(await background()).not.toBe('');

  // The visible toggle in the chat's sidebar switches back, and the shell's state follows.
  await page.getByTestId('sidebar-toggle').click();
  await page
    .getByRole('button', { name: /Color Mode/ })
    .first()
    .click();
  await expect.poll(stored).toBe('color');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'color');
  expect(await background()).toBe(colourBackground);
});

test('the saved theme applies before any bundle runs, and the page breaks no CSP rule', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.addInitScript(() => localStorage.setItem('kasa-theme', 'mono'));
  // No JavaScript bundle arrives (a stalled connection): only index.html's own scripts run.
  await page.route(/\.[0-9a-f]{10}\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  // Signed out: index.html paints the landing hero itself, in the saved theme.
  await expect(page.getByTestId('landing-preview')).toBeVisible();
  await expect(
    page
      .getByTestId('landing-preview')
      .getByRole('heading', { level: 1, name: "Hello, I'm Kasa", exact: true }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'mono');
  expect(
    await page
      .getByTestId('landing-preview')
      .locator('header')
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe('rgb(0, 0, 0)');
  await page.unroute(/\.[0-9a-f]{10}\.js$/);
  await page.reload();
  await expect(page.getByTestId('landing-page')).toBeVisible();
  expect(violations).toEqual([]);
});
