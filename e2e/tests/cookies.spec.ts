import { expect, test, type Page, type Request } from '@playwright/test';

// Cookie consent (docs/product.md#cookie-consent), against the real server: what the banner and the cookie page post,
// what the server then stores, and what the browser keeps (localStorage 'cookieConsentGiven').
// The banner belongs to the landing page, which signed-out visitors see at /.

const PREFERENCES_PATH = '/api/legal/cookie-preferences';
const isSave = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === PREFERENCES_PATH;
const isPreferencesCall = (request: Request) => new URL(request.url()).pathname.startsWith(PREFERENCES_PATH);

interface Choice {
  sessionId: string;
  necessary: boolean;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

const consentFlag = (page: Page) => page.evaluate(() => localStorage.getItem('cookieConsentGiven'));

async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
}

/** Runs `act`, and answers the body the browser POSTed (the real server must accept it). */
async function savedBy(page: Page, act: () => Promise<void>): Promise<Choice> {
  const posted = page.waitForRequest(isSave);
  const answered = page.waitForResponse((response) => isSave(response.request()));
  await act();
  const body = (await posted).postDataJSON() as Choice;
  expect((await answered).status()).toBe(200);
  return body;
}

/** What the server stored for that session, read back through the public GET. */
async function storedOnServer(page: Page, sessionId: string) {
  const response = await page.request.get(`${PREFERENCES_PATH}/${sessionId}?type=session`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function expectBannerStaysAwayAfterReload(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => isPreferencesCall(request) && calls.push(request.url()));
  await page.reload();
  await expect(page.getByTestId('landing-page')).toBeVisible();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  expect(calls).toEqual([]);
}

const cases: Array<{
  name: string;
  act: (page: Page) => Promise<void>;
  expected: Omit<Choice, 'sessionId'>;
}> = [
  {
    name: 'Accept All',
    act: (page) => page.getByTestId('cookie-accept-all').click(),
    expected: { necessary: true, analytics: true, marketing: true, preferences: true },
  },
  {
    name: 'Necessary Only',
    act: (page) => page.getByTestId('cookie-necessary-only').click(),
    expected: { necessary: true, analytics: false, marketing: false, preferences: false },
  },
  {
    name: 'Customize, analytics on, Save Preferences',
    act: async (page) => {
      await page.getByTestId('cookie-customize').click();
      await expect(page.getByTestId('cookie-panel')).toBeVisible();
      await expect(page.getByTestId('cookie-toggle-necessary')).toBeChecked();
      await expect(page.getByTestId('cookie-toggle-necessary')).toBeDisabled();
      await page.getByTestId('cookie-toggle-analytics').check();
      await page.getByTestId('cookie-save').click();
    },
    expected: { necessary: true, analytics: true, marketing: false, preferences: false },
  },
];

for (const { name, act, expected } of cases) {
  test(`banner: ${name} posts the choice, the server stores it, and the banner stays away`, async ({
    page,
  }) => {
    await openLanding(page);
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    expect(await consentFlag(page)).toBeNull();

    const body = await savedBy(page, () => act(page));
    expect(body).toEqual({ sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), ...expected });
    await expect(banner).toHaveCount(0);
    expect(await consentFlag(page)).toBe('true');
    expect(await storedOnServer(page, body.sessionId)).toMatchObject({
      sessionId: body.sessionId,
      ...expected,
    });

    await expectBannerStaysAwayAfterReload(page);
  });
}

test('banner: the close control declines without posting anything', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => isPreferencesCall(request) && calls.push(request.url()));
  await openLanding(page);
  await page.getByTestId('cookie-close').click();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  expect(await consentFlag(page)).toBe('true');
  await expectBannerStaysAwayAfterReload(page);
  expect(calls).toEqual([]);
});

test('banner: a failed save is only logged, and consent still counts as given', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.route(`**${PREFERENCES_PATH}`, (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } }),
  );
  await openLanding(page);
  await page.getByTestId('cookie-accept-all').click();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  expect(await consentFlag(page)).toBe('true');
  await expect(page.getByTestId('toast')).toHaveCount(0);
  expect(warnings.some((text) => text.includes('Failed to save preferences'))).toBe(true);
});

test('banner on a 360 px phone: fits the width, every control is a 44 px touch target', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openLanding(page);
  const banner = page.getByTestId('cookie-banner');
  // Measured against the banner itself, so an overflow elsewhere on the page (which widens the
  // layout viewport on a phone) cannot hide one here.
  const card = banner.locator('> div');
  const check = async (testIds: string[]) => {
    const frame = (await card.boundingBox())!;
    expect(frame.width).toBeLessThanOrEqual(360);
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const testId of testIds) {
      const box = (await page.getByTestId(testId).boundingBox())!;
      expect(box, testId).not.toBeNull();
      expect(box.height, testId).toBeGreaterThanOrEqual(44);
      expect(box.width, testId).toBeGreaterThanOrEqual(44);
      expect(box.x, testId).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width, testId).toBeLessThanOrEqual(frame.x + frame.width);
    }
  };
  await check(['cookie-customize', 'cookie-necessary-only', 'cookie-accept-all', 'cookie-close']);
  expect((await banner.boundingBox())!.height).toBeLessThan(640 / 3); // compact: the page stays usable
  await page.getByTestId('cookie-customize').click();
  await check(['cookie-save', 'cookie-necessary-only', 'cookie-accept-all', 'cookie-close']);
  // The full panel scrolls inside itself rather than growing past the screen.
  expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(640);
});

test('banner in French', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('kasa-language', 'fr'));
  await openLanding(page);
  await expect(page.getByTestId('cookie-accept-all')).toHaveText('Tout accepter');
  await expect(page.getByTestId('cookie-necessary-only')).toHaveText('Nécessaires uniquement');
  await expect(page.getByTestId('cookie-customize')).toHaveText('Personnaliser');
});

test('cookie page: shows the choice the server holds for this visit', async ({ page }) => {
  // Hold the page's GET (unaltered) until the server has a choice for that session, so the
  // toggles can only come from what the real server answers.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${PREFERENCES_PATH}/*`, async (route) => {
    await gate;
    await route.continue();
  });
  const get = page.waitForRequest((request) => request.method() === 'GET' && isPreferencesCall(request));
  await page.goto('/legal/cookies');
  const url = new URL((await get).url());
  expect(url.searchParams.get('type')).toBe('session');
  const sessionId = url.pathname.split('/').pop()!;
  const stored = await page.request.post(PREFERENCES_PATH, {
    data: { sessionId, necessary: true, analytics: false, marketing: true, preferences: true },
  });
  expect(stored.status()).toBe(200);
  release();

  await expect(page.getByTestId('cookie-page-toggle-analytics')).toBeEnabled();
  await expect(page.getByTestId('cookie-page-toggle-necessary')).toBeChecked();
  await expect(page.getByTestId('cookie-page-toggle-necessary')).toBeDisabled();
  await expect(page.getByTestId('cookie-page-toggle-analytics')).not.toBeChecked();
  await expect(page.getByTestId('cookie-page-toggle-marketing')).toBeChecked();
  await expect(page.getByTestId('cookie-page-toggle-preferences')).toBeChecked();
});

test("cookie page: the banner's choice shows there, and Save stores the new toggles", async ({ page }) => {
  await openLanding(page);
  const first = await savedBy(page, async () => {
    await page.getByTestId('cookie-customize').click();
    await page.getByTestId('cookie-toggle-marketing').check();
    await page.getByTestId('cookie-save').click();
  });
  // Same page load (footer link, no reload): same session id.
  await page.getByTestId('legal-footer').getByRole('link', { name: 'Cookie Preferences' }).click();
  await expect(page).toHaveURL(/\/legal\/cookies$/);
  await expect(page.getByTestId('cookie-page-toggle-marketing')).toBeChecked();
  await expect(page.getByTestId('cookie-page-toggle-analytics')).not.toBeChecked();

  const second = await savedBy(page, async () => {
    await page.getByTestId('cookie-page-toggle-analytics').check();
    await page.getByTestId('cookie-page-toggle-marketing').uncheck();
    await page.getByTestId('cookie-page-save').click();
  });
  expect(second).toEqual({
    sessionId: first.sessionId,
    necessary: true,
    analytics: true,
    marketing: false,
    preferences: false,
  });
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Preferences Saved');
  await expect(toast).toHaveAttribute('data-variant', 'default');
  expect(await storedOnServer(page, first.sessionId)).toMatchObject({ analytics: true, marketing: false });
});

test('cookie page: Accept All and Reject All', async ({ page }) => {
  await page.goto('/legal/cookies');
  await expect(page.getByTestId('cookie-page-toggle-analytics')).toBeEnabled();
  const accepted = await savedBy(page, () => page.getByTestId('cookie-page-accept-all').click());
  expect(accepted).toMatchObject({ necessary: true, analytics: true, marketing: true, preferences: true });
  await expect(page.getByTestId('toast')).toContainText('Preferences Saved');
  // The toast sits over the bottom of a phone screen, where these buttons are: close it as a visitor would.
  await page.getByRole('button', { name: 'Close notification' }).click();
  const rejected = await savedBy(page, () => page.getByTestId('cookie-page-reject-all').click());
  expect(rejected).toEqual({
    sessionId: accepted.sessionId,
    necessary: true,
    analytics: false,
    marketing: false,
    preferences: false,
  });
  expect(await storedOnServer(page, accepted.sessionId)).toMatchObject({
    analytics: false,
    marketing: false,
  });
  expect(await consentFlag(page)).toBe('true');
});

test("cookie page: a failed save shows the 'Error' toast", async ({ page }) => {
  await page.route(`**${PREFERENCES_PATH}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } })
      : route.continue(),
  );
  await page.goto('/legal/cookies');
  await expect(page.getByTestId('cookie-page-toggle-analytics')).toBeEnabled();
  await page.getByTestId('cookie-page-toggle-analytics').check();
  await page.getByTestId('cookie-page-save').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('Failed to save cookie preferences.');
  await expect(page.getByTestId('cookie-page-toggle-analytics')).toBeChecked();
});
