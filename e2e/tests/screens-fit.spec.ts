import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerAccount, signedIn } from '../support/session';

// What a small phone shows on its first screens (docs/product.md): the sign-in form without
// scrolling, one bottom overlay at a time (the cookie banner before the install card), a one-line
// offline banner that can be closed, and toasts that cover neither the header nor the input bar.

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function speak(page: Page, language: 'en' | 'fr') {
  return page.addInitScript((lang) => localStorage.setItem('kasa-language', lang), language);
}

/** Fires what Chrome fires when the app is installable (as tests/pwa.spec.ts does). */
async function signalInstallable(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
}

for (const language of ['en', 'fr'] as const) {
  test(`on a 360 × 740 phone (${language}) the username field is on the first screen, above the cookie banner`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await speak(page, language);
    await page.goto('/');
    const username = page.getByTestId('auth-username');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const field = await boxOf(username);
    expect(field.y).toBeGreaterThanOrEqual(0);
    expect(field.y + field.height).toBeLessThanOrEqual((await boxOf(banner)).y);
    // The feature cards come after the form.
    expect((await boxOf(page.getByTestId('landing-features'))).y).toBeGreaterThan(field.y);
  });
}

test('on a desktop the form stays beside the hero and the feature cards', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
  await page.goto('/');
  const card = await boxOf(page.getByTestId('auth-card'));
  const title = await boxOf(page.getByRole('heading', { level: 1 }));
  const features = await boxOf(page.getByTestId('landing-features'));
  expect(card.x).toBeGreaterThan(features.x + features.width);
  expect(card.y).toBeLessThanOrEqual(title.y + 1);
  expect(features.y).toBeGreaterThan(title.y + title.height);
});

for (const { name, viewport, language, accept } of [
  { name: 'a 360 px phone in English', viewport: PHONE, language: 'en', accept: 'Accept All' },
  { name: 'a 360 px phone in French', viewport: PHONE, language: 'fr', accept: 'Tout accepter' },
  { name: 'a desktop in French', viewport: DESKTOP, language: 'fr', accept: 'Tout accepter' },
] as const) {
  test(`on ${name} the install card waits until the cookie banner is answered`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await speak(page, language);
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    const card = page.getByTestId('install-prompt');
    await expect(banner).toBeVisible();
    await signalInstallable(page);
    // Past the card's 3 s: it still waits, and the banner's buttons are all usable.
    await page.waitForTimeout(4000);
    await expect(card).toHaveCount(0);
    await page.getByRole('button', { name: accept }).click();
    await expect(banner).toHaveCount(0);
    await expect(card).toBeVisible();
  });
}

test.describe('the offline banner on a 360 × 740 phone', () => {
  test.use({ viewport: PHONE });

  test('is one line, opens its details, closes, and comes back when the connection drops again', async ({
    page,
    context,
  }) => {
    await signedIn(page);
    await page.goto('/chat');
    await expect(page.getByTestId('chat-welcome')).toBeVisible();
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toBeVisible();
    expect((await boxOf(banner)).height).toBeLessThanOrEqual(48);
    await expect(banner).toContainText('You are offline');

    const toggle = page.getByRole('button', { name: 'What still works' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('offline-details')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('offline-details')).toContainText('Saved conversations can still be read');

    await page.getByRole('button', { name: 'Hide the offline notice' }).click();
    await expect(banner).toHaveCount(0);
    // The disabled tools still say why.
    await expect(page.getByTestId('enhancements-button')).toHaveAccessibleDescription('Needs a connection');

    await context.setOffline(false);
    await expect(page.getByTestId('enhancements-button')).toBeEnabled();
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await context.setOffline(false);
  });
});

for (const { name, viewport } of [
  { name: 'a 360 × 740 phone', viewport: PHONE },
  { name: 'a desktop', viewport: DESKTOP },
]) {
  test(`on ${name} a toast covers neither the header nor the input bar`, async ({ page }) => {
    const account = await registerAccount(page.request);
    await page.setViewportSize(viewport);
    await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
    await page.goto('/');
    const toast = page.getByTestId('toast');
    // A failed sign-in first: its toast stays on the landing page (no redirect to race).
    await page.getByTestId('auth-username').fill(account.username);
    await page.getByTestId('auth-password').fill('not-the-password');
    await page.getByTestId('auth-submit').click();
    await expect(toast).toContainText('Authentication Failed');
    const landingHeader = page.getByTestId('landing-page').locator('header');
    expect(overlaps(await boxOf(toast), await boxOf(landingHeader))).toBe(false);

    await page.getByTestId('auth-password').fill(account.password);
    await page.getByTestId('auth-submit').click();

    // The greeting comes along to the chat: between its top bar and its input bar.
    await page.waitForURL('**/chat');
    await expect(toast).toContainText('Welcome back!');
    const inputBar = page.getByRole('region', { name: 'Write a message' });
    await expect(inputBar).toBeVisible();
    const header = page.getByTestId('remote-chat').locator('header').first();
    // Measured together, and again until the chat's input bar has its final height.
    const placement = async () => {
      const [shown, top, bar] = await Promise.all([boxOf(toast), boxOf(header), boxOf(inputBar)]);
      const gap = bar.y - (shown.y + shown.height);
      return {
        overHeader: overlaps(shown, top),
        aboveInputBar: gap >= 0,
        // On a phone just above it, where the eyes are while writing.
        justAbove: viewport === PHONE ? gap <= 24 : true,
      };
    };
    await expect
      .poll(placement, { timeout: 4000 })
      .toEqual({ overHeader: false, aboveInputBar: true, justAbove: true });
  });
}
