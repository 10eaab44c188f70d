import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedIn } from '../support/session';

// The smallest phones Kasa serves (docs/product.md#small-phones): at 320 × 640, in French (the
// longer words) and English, every bar fits or scrolls with a visible hint, nothing overlaps and
// no word is cut.

test.use({ viewport: { width: 320, height: 640 } });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

function speak(page: Page, language: 'en' | 'fr') {
  return page.addInitScript((lang) => {
    localStorage.setItem('kasa-language', lang);
    localStorage.setItem('cookieConsentGiven', 'true');
  }, language);
}

/** The visible children of a bar: none overlaps another, and each is inside the screen. */
async function expectSideBySide(bar: Locator) {
  const boxes = await bar.evaluate((element) =>
    Array.from(element.querySelectorAll<HTMLElement>(':scope > *, :scope > * > *'))
      .filter((child) => child.getClientRects().length > 0 && child.closest('[aria-hidden="true"]') === null)
      .map((child) => {
        const r = child.getBoundingClientRect();
        return {
          name: child.dataset.testid ?? child.textContent ?? child.tagName,
          box: { x: r.x, y: r.y, width: r.width, height: r.height },
          parent: child.parentElement === element,
        };
      }),
  );
  const direct = boxes.filter((b) => b.parent);
  expect(direct.length).toBeGreaterThan(1);
  for (const { name, box } of boxes) {
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(320.5);
  }
  for (let i = 0; i < direct.length; i += 1)
    for (let j = i + 1; j < direct.length; j += 1)
      expect(overlaps(direct[i].box, direct[j].box), `${direct[i].name} / ${direct[j].name}`).toBe(false);
}

/** Not ellipsised, not clipped: the text is as wide as its box allows. */
async function expectWhole(locator: Locator) {
  const { scrollWidth, clientWidth, right } = await locator.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    right: element.getBoundingClientRect().right,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(right).toBeLessThanOrEqual(320);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

for (const language of ['fr', 'en'] as const) {
  const account = language === 'fr' ? 'Compte' : 'Account';

  test(`the chat's top bar fits 320 px (${language})`, async ({ page }) => {
    const { username } = await signedIn(page);
    await speak(page, language);
    await page.goto('/chat');
    await expect(page.getByTestId('chat-input')).toBeVisible();
    const bar = page.locator('[data-testid="chat-page"] header').first();
    await expect(page.getByTestId('chat-username')).toHaveText(username);
    await expectSideBySide(bar);
    // The words are the controls' names still, shown as 'Pro' and an icon.
    await expect(page.getByTestId('get-pro')).toHaveAccessibleName(
      language === 'fr' ? 'Passer à Pro' : 'Get Pro',
    );
    await expect(page.getByTestId('logout-button')).toHaveAccessibleName(
      language === 'fr' ? 'Déconnexion' : 'Logout',
    );
    await expectNoSidewaysScroll(page);
  });

  test(`the chat's drawer holds every header's area links, whole at 320 px (${language})`, async ({
    page,
  }) => {
    await signedIn(page);
    await speak(page, language);
    await page.goto('/chat');
    await page.getByTestId('sidebar-toggle').click();
    const nav = page
      .getByTestId('chat-sidebar')
      .getByRole('navigation', { name: language === 'fr' ? 'Principal' : 'Main' });
    await expect(nav).toBeVisible();
    // The drawer slides in (200 ms): measure once it is in place.
    await expect
      .poll(() => nav.evaluate((element) => element.getBoundingClientRect().left))
      .toBeGreaterThanOrEqual(0);
    const labels =
      language === 'fr'
        ? ['Discussion', 'Studio IA', 'Abonnement', 'Compte']
        : ['Chat', 'AI Studio', 'Subscription', 'Account'];
    await expect(nav.getByRole('link')).toHaveText(labels);
    await expect(nav.getByRole('link', { name: labels[0] })).toHaveAttribute('aria-current', 'page');
    await expectSideBySide(nav);
    for (const label of labels) await expectWhole(nav.getByRole('link', { name: label, exact: true }));
    await nav.getByRole('link', { name: labels[2] }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(
      page.getByRole('navigation', { name: language === 'fr' ? 'Principal' : 'Main' }).getByRole('link', {
        name: labels[2],
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test(`the account page fits 320 px: header, navigation and every tab (${language})`, async ({ page }) => {
    await signedIn(page);
    await speak(page, language);
    await page.goto('/account');
    await expect(page.getByTestId('account-panel-overview')).toBeVisible();
    const header = page.getByTestId('account-page').locator('header').first();
    await expectSideBySide(header.locator('> div').first());
    await expectSideBySide(header.locator('.kasa-header-controls'));
    const nav = page.getByRole('navigation', {
      name: language === 'fr' ? 'Principal' : 'Main',
    });
    await expectSideBySide(nav);
    await expectWhole(nav.getByRole('link', { name: account, exact: true }));
    await expectNoSidewaysScroll(page);

    // The tabs past the edge: an arrow says so, and reaches the last one.
    const last = page.getByTestId('account-tab-shared-links');
    /** The last tab's right edge past the visible part of the tab row (px, 0 once it is all shown). */
    const hiddenPart = () =>
      last.evaluate((tab) => {
        const row = tab.parentElement!.parentElement!.getBoundingClientRect();
        return Math.max(0, Math.round(tab.getBoundingClientRect().right - row.right));
      });
    expect(await hiddenPart()).toBeGreaterThan(0);
    const next = page.getByRole('tablist').locator('xpath=../..').locator('.MuiTabScrollButton-root').last();
    await expect(next).toBeVisible();
    for (let taps = 0; taps < 6 && (await hiddenPart()) > 0; taps += 1) await next.click();
    await expect.poll(hiddenPart).toBe(0);
    await last.click();
    await expect(page.getByTestId('account-panel-shared-links')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test(`the signed-out pricing page fits 320 px, its table scrolling with a hint (${language})`, async ({
    page,
  }) => {
    await speak(page, language);
    await page.goto('/legal/pricing');
    const scroller = page.getByTestId('pricing-scroller');
    await expect(scroller).toBeVisible();
    await expectSideBySide(page.getByTestId('legal-page').locator('header > div').first());
    const box = (await scroller.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    const { wider, hint } = await scroller.evaluate((element) => ({
      wider: element.scrollWidth > element.clientWidth,
      hint: getComputedStyle(element).backgroundImage,
    }));
    // Wider than the screen: the edge shadows are there to say so.
    if (wider) expect(hint).toContain('radial-gradient');
    await expectNoSidewaysScroll(page);
  });
}
