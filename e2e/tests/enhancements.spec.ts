import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from '../support/media';
import { signedIn } from '../support/session';

// The composer's plus button: a file uploaded with its progress, sent with a message and shown on
// it; a web search (Kasa's local index: no engine is configured on the e2e server) added to the
// input; and cloud storage, which the e2e server has no Google credentials for: its item says
// "Not available on this server" before any tap. On a desktop and on a 360 px phone.

async function openTool(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Enhancements' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '360 px phone', viewport: { width: 360, height: 740 } },
] as const;

for (const { label, viewport } of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await signedIn(page);
      await page.goto('/chat');
    });

    test('a text file: its progress, a chip, sent with the message, shown on it (and after a reload)', async ({
      page,
    }) => {
      const dialog = await openTool(page, 'Add Photo or File');
      await expectNoHorizontalScroll(page);
      // A slow uplink (256 KB/s), so the progress is seen moving.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 50,
        downloadThroughput: 1024 * 1024,
        uploadThroughput: 256 * 1024,
      });
      const line = 'Plant maize after the first rains, 75 cm between rows.\n';
      const text = line.repeat(Math.ceil((600 * 1024) / line.length));
      await dialog
        .getByTestId('upload-input')
        .setInputFiles({ name: 'maize-notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
      const bar = dialog.getByRole('progressbar', { name: 'Upload of maize-notes.txt' });
      await expect
        .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      await expect(page.getByTestId('toast')).toContainText('Enhancement Added');
      await expect(dialog).toBeHidden();
      const chip = page.getByTestId('draft-attachment');
      await expect(chip).toContainText('maize-notes.txt');
      // The server reads the text; the chip stops saying so once it is done.
      await expect(chip.getByTestId('attachment-reading')).toHaveCount(0, { timeout: 20_000 });
      await expect(chip.getByTestId('attachment-read-failed')).toHaveCount(0);
      await expectNoHorizontalScroll(page);

      await page.getByTestId('chat-input').fill('How far apart do my notes say the rows are?');
      await page.getByTestId('chat-input').press('Enter');
      await expect(page.getByTestId('draft-attachments')).toHaveCount(0);
      const sent = page.locator('[data-testid="chat-message"][data-role="user"]');
      await expect(sent.getByTestId('message-attachment')).toContainText('maize-notes.txt');
      await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(1, {
        timeout: 20_000,
      });
      await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);

      await page.reload();
      const link = page
        .locator('[data-testid="chat-message"][data-role="user"]')
        .getByRole('link', { name: 'Open maize-notes.txt (new tab)' });
      await expect(link).toBeVisible();
      const href = await link.getAttribute('href');
      expect(href).toBeTruthy();
      const file = await page.request.get(href!);
      expect(file.status()).toBe(200);
      expect((await file.body()).subarray(0, line.length).toString()).toBe(line);
      await expectNoHorizontalScroll(page);
    });

    test('a web search on the local index: the label, then Add puts the result in the input', async ({
      page,
    }) => {
      await page.getByTestId('chat-input').fill('Compare with this:');
      const dialog = await openTool(page, 'Web Search');
      const field = dialog.getByRole('searchbox', { name: 'Search the web' });
      await field.fill('   ');
      await field.press('Enter');
      await expect(dialog.getByTestId('web-search-results')).toHaveCount(0);
      await field.fill('privacy');
      await field.press('Enter');
      await expect(dialog.getByTestId('web-search-local')).toHaveText(
        "Results from Kasa's local index — no web search engine is configured",
      );
      const first = dialog.getByTestId('web-search-result').first();
      await expect(first).toBeVisible();
      await expectNoHorizontalScroll(page);
      const title = (await first.getByRole('link').first().innerText()).split('\n')[0].trim();
      await first.getByRole('button', { name: /^Add / }).click();

      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('toast')).toContainText('Enhancement Added');
      const value = await page.getByTestId('chat-input').inputValue();
      expect(value.startsWith('Compare with this:\n\n')).toBe(true);
      expect(value).toContain(title.replace(/\s*\(opens in a new tab\)$/, ''));
    });

    test('cloud storage without Google credentials: "Not available on this server", no variable name, no dialog', async ({
      page,
    }) => {
      await page.getByRole('button', { name: 'Enhancements' }).click();
      const item = page.getByTestId('enhancement-cloud');
      await expect(item).toContainText('Add from cloud storage');
      await expect(item).toContainText('Not available on this server');
      await expect(item).toHaveAttribute('aria-disabled', 'true');
      await expectNoHorizontalScroll(page);
      await expect(item).toBeDisabled();
      // A tap anyway (Playwright does not tap what is disabled) opens nothing.
      await item.click({ force: true });
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText('GOOGLE_CLIENT_ID');
      // The other tools still open.
      await expect(page.getByRole('menuitem', { name: 'Web Search', exact: true })).toBeEnabled();
    });
  });
}
