import { expect, test, type Page } from '@playwright/test';
import { registerAccount, useAccount } from '../support/session';

// The chat's first screen is drawn by static classes (libs/ui/src/static.css), not by emotion rules
// compiled and inserted at run time (docs/architecture.md#runtime-styles): on a slow phone that
// insertion was a large part of the first commit. A component that brings `sx` or a styled MUI
// component back onto the first screen fails here.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
});

/** The CSS rules emotion has inserted into the page so far. */
async function emotionRules(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('style[data-emotion]')).flatMap((style) =>
      Array.from((style as HTMLStyleElement).sheet?.cssRules ?? []).map((rule) => rule.cssText.slice(0, 120)),
    ),
  );
}

for (const { name, viewport } of [
  { name: 'a 360 px phone', viewport: { width: 360, height: 740 } },
  { name: 'a desktop', viewport: { width: 1280, height: 800 } },
]) {
  test(`a returning user's chat screen inserts no runtime CSS on ${name}`, async ({ page }) => {
    const account = await registerAccount(page.request);
    // One conversation, so the sidebar shows a row of the Recent list.
    const chat = await page.request.post('/api/chat', {
      headers: { Authorization: `Bearer ${account.token}`, Accept: 'text/event-stream' },
      data: { message: 'When should I plant maize?' },
    });
    expect(chat.status(), await chat.text()).toBe(200);
    await useAccount(page, account);
    await page.setViewportSize(viewport);
    await page.goto('/chat');

    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expect(page.getByTestId('send-button')).toBeVisible();
    await expect(page.getByTestId('suggestions')).toBeVisible();
    // The sidebar (on a phone the closed drawer, rendered once the page is idle) with its row.
    await expect(page.getByTestId('conversation-item')).toHaveCount(1);
    await expect(page.locator('button', { hasText: 'Quick AI Tools' })).toBeAttached();

    expect(await emotionRules(page)).toEqual([]);

    // Native buttons take the page's font (static.css), not the browser's own (Arial on Android).
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    for (const control of [page.locator('.kasa-tip').first(), page.getByTestId('chat-input')]) {
      expect(await control.evaluate((element) => getComputedStyle(element).fontFamily)).toBe(bodyFont);
    }

    // A control that is not on the first screen may still use emotion: the check itself can see it.
    await page.locator('[aria-label^="Rename"]').evaluate((button) => (button as HTMLElement).click());
    await expect.poll(async () => (await emotionRules(page)).length).toBeGreaterThan(0);
  });
}
