import { expect, test, type Page, type Response } from '@playwright/test';
import { expectImageLoaded } from '../support/media';
import { signedIn, type TestAccount } from '../support/session';

// The data saver (docs/product.md#data-saver): with it on, a generated image in the chat comes as a small WebP
// thumbnail and 'Show original' loads the PNG; off, the original; automatic follows Save-Data.

const image = (page: Page) => page.getByTestId('message-image');

/** A conversation with a generated image in it (the offline image engine), opened in the chat. */
async function conversationWithImage(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/chat');
  await page.getByTestId('chat-input').fill('What should I plant this season?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  const conversationId = new URL(page.url()).searchParams.get('c')!;
  const generated = await page.request.post('/api/media/generate', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { prompt: 'Healthy cocoa beans', type: 'image', size: '1024x1024', conversationId },
  });
  expect(generated.status(), await generated.text()).toBe(200);
}

async function openPreferences(page: Page): Promise<void> {
  await page.goto('/account');
  await page.getByTestId('account-tab-preferences').click();
  await expect(page.getByTestId('account-panel-preferences')).toBeVisible();
}

/** The next image response from /api/files whose URL matches. */
const fileResponse = (page: Page, match: (url: URL) => boolean) =>
  page.waitForResponse(
    (response: Response) => {
      const url = new URL(response.url());
      return url.pathname.startsWith('/api/files/') && match(url);
    },
    { timeout: 15_000 },
  );

test('on (chosen in Preferences): a WebP thumbnail, and Show original loads the PNG', async ({ page }) => {
  const account = await signedIn(page);
  await openPreferences(page);
  await page.getByTestId('account-data-saver').selectOption('on');
  await expect(page.getByTestId('account-data-saver-state')).toHaveAttribute('data-on', 'true');

  await conversationWithImage(page, account);
  const thumb = fileResponse(page, (url) => url.searchParams.get('variant') === 'thumb');
  await page.reload();
  const thumbResponse = await thumb;
  expect(thumbResponse.status()).toBe(200);
  expect(thumbResponse.headers()['content-type']).toBe('image/webp');
  const thumbBytes = await thumbResponse.body();
  expect(thumbBytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  await expect(image(page)).toHaveAttribute('src', /variant=thumb/);
  await expectImageLoaded(image(page));
  expect(
    await image(page).evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight)),
  ).toBeLessThanOrEqual(320);

  const original = fileResponse(page, (url) => url.searchParams.get('variant') === 'original');
  await page.getByRole('button', { name: 'Show original' }).click();
  const originalResponse = await original;
  expect(originalResponse.headers()['content-type']).toBe('image/png');
  await expect(image(page)).toHaveAttribute('src', /variant=original/);
  await expectImageLoaded(image(page));
  expect((await originalResponse.body()).length).toBeGreaterThan(thumbBytes.length);
});

test('off: the original PNG, no Show original', async ({ page }) => {
  const account = await signedIn(page);
  await page.addInitScript(() => localStorage.setItem('kasa-data-saver', 'off'));
  await conversationWithImage(page, account);
  const png = fileResponse(page, (url) => url.searchParams.get('variant') !== 'thumb');
  await page.reload();
  expect((await png).headers()['content-type']).toBe('image/png');
  await expectImageLoaded(image(page));
  await expect(image(page)).not.toHaveAttribute('src', /variant=thumb/);
  await expect(page.getByRole('button', { name: 'Show original' })).toHaveCount(0);
});

test('automatic: on when the browser reports Save-Data, as Preferences says', async ({ page }) => {
  const account = await signedIn(page);
  await page.addInitScript(() => {
    const connection = Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' });
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => connection, configurable: true });
  });
  await openPreferences(page);
  await expect(page.getByTestId('account-data-saver')).toHaveValue('auto');
  await expect(page.getByTestId('account-data-saver-state')).toContainText('On now');

  await conversationWithImage(page, account);
  await page.reload();
  await expect(image(page)).toHaveAttribute('src', /variant=thumb/);
  await expectImageLoaded(image(page));
});
