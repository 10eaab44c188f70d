import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '../support/session';

// Android's Back and Escape on a 360 px phone (docs/product.md#back-and-escape-on-phones): the
// sidebar drawer, the full-screen dialogs and the small menus are layers, each with a history entry
// of its own, so Back closes the top one and stays on the chat; once they are closed Back leaves the
// chat as before.

test.use({ viewport: { width: 360, height: 740 } });

const sidebar = (page: Page) => page.getByTestId('chat-sidebar');

/** The chat opened from the account page: the page Back leaves the chat for. */
async function openChatAfterAccount(page: Page) {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account/);
  await page.goto('/chat');
  await expect(page.getByTestId('chat-input')).toBeVisible();
}

async function openSidebar(page: Page) {
  await page.getByTestId('sidebar-toggle').click();
  await expect(sidebar(page)).toHaveAttribute('data-open', 'true');
}

/** Back once the layers are closed: the chat is left for the account page, in one press. */
async function expectBackLeavesChat(page: Page) {
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);
}

test.beforeEach(async ({ page }) => {
  await signedIn(page);
  await openChatAfterAccount(page);
});

test('Back closes the open sidebar and stays on the chat; the next Back leaves it', async ({ page }) => {
  await openSidebar(page);
  await page.goBack();
  await expect(sidebar(page)).toHaveAttribute('data-open', 'false');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('chat-input')).toBeVisible();

  await expectBackLeavesChat(page);
});

test('Escape closes the phone sidebar, and Back then leaves the chat as before', async ({ page }) => {
  await openSidebar(page);
  // Focus outside the drawer (on the page itself): Escape closes it all the same.
  await page.locator('body').press('Escape');
  await expect(sidebar(page)).toHaveAttribute('data-open', 'false');
  await expect(page).toHaveURL(/\/chat$/);

  await expectBackLeavesChat(page);
});

test('Back closes a dialog opened from the plus menu and the chat stays', async ({ page }) => {
  await page.getByRole('button', { name: 'Enhancements' }).click();
  await page.getByRole('menuitem', { name: 'Web Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Web Search' });
  await expect(dialog).toBeVisible();

  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('chat-input')).toBeVisible();

  await expectBackLeavesChat(page);
});

test('a dialog closed by its own button takes its entry with it', async ({ page }) => {
  await page.getByRole('button', { name: 'Enhancements' }).click();
  await page.getByRole('menuitem', { name: 'Web Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Web Search' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(() => Boolean(history.state?.kasaLayer))).toBe(false);

  await expectBackLeavesChat(page);
});

test('Quick AI Tools over the sidebar: Back closes the panel, then leaves the chat', async ({ page }) => {
  await openSidebar(page);
  // The drawer closes as the panel opens: the panel is the one layer left.
  await page.getByRole('button', { name: 'Quick AI Tools' }).click();
  const panel = page.getByTestId('quick-actions-panel');
  await expect(panel).toBeVisible();
  await expect(sidebar(page)).toHaveAttribute('data-open', 'false');

  await page.goBack();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/chat$/);

  await expectBackLeavesChat(page);
});

test('picking a conversation in the sidebar, then Back: the chat it was on, then the page before', async ({
  page,
}) => {
  await page.getByTestId('chat-input').fill('When do I plant maize?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/, { timeout: 20_000 });
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(1, {
    timeout: 20_000,
  });
  const conversationUrl = page.url();
  await openChatAfterAccount(page);

  await openSidebar(page);
  await page.getByTestId('conversation-item').filter({ hasText: 'When do I plant maize?' }).click();
  await expect(page).toHaveURL(conversationUrl);
  await expect(sidebar(page)).toHaveAttribute('data-open', 'false');

  // The router's navigation is kept (the closing drawer did not take it back) ...
  await page.goBack();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('chat-welcome')).toBeVisible();
  await expect(sidebar(page)).toHaveAttribute('data-open', 'false');
  // ... and the drawer's entry under it costs no extra Back.
  await expectBackLeavesChat(page);
});

test('reloaded with the sidebar open: no entry is left that traps Back', async ({ page }) => {
  await openSidebar(page);
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(sidebar(page)).toHaveAttribute('data-open', 'false');
  await expect.poll(() => page.evaluate(() => Boolean(history.state?.kasaLayer))).toBe(false);
  await expect(page).toHaveURL(/\/chat$/);

  await expectBackLeavesChat(page);
});

test('Back closes the plus menu and stays on the chat; the next Back leaves it', async ({ page }) => {
  const plus = page.getByRole('button', { name: 'Enhancements' });
  await plus.click();
  const menu = page.getByRole('menu', { name: 'Enhancements' });
  await expect(menu).toBeVisible();
  const url = page.url();

  await page.goBack();
  await expect(menu).toBeHidden();
  await expect(plus).toHaveAttribute('aria-expanded', 'false');
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('chat-input')).toBeVisible();

  await expectBackLeavesChat(page);
});

test("Back closes the top bar's conversation menu and stays on the conversation", async ({ page }) => {
  await page.getByTestId('chat-input').fill('When do I plant maize?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/, { timeout: 20_000 });
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(1, {
    timeout: 20_000,
  });
  const url = page.url();
  await page.getByTestId('conversation-menu-button').click();
  const share = page.getByTestId('conversation-menu-share');
  await expect(share).toBeVisible();

  await page.goBack();
  await expect(share).toBeHidden();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('chat-input')).toBeVisible();
});

test('a menu closed by Escape takes its entry with it: Back then leaves the chat', async ({ page }) => {
  await page.getByRole('button', { name: 'Enhancements' }).click();
  const menu = page.getByRole('menu', { name: 'Enhancements' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect.poll(() => page.evaluate(() => Boolean(history.state?.kasaLayer))).toBe(false);

  await expectBackLeavesChat(page);
});

test('a dialog opened again from the plus menu stays open, and speaks the interface language', async ({
  page,
}) => {
  await page.evaluate(() => localStorage.setItem('kasa-language', 'fr'));
  await page.reload();
  const plus = page.getByRole('button', { name: 'Améliorations' });
  for (let round = 0; round < 2; round += 1) {
    await plus.click();
    await page.getByRole('menuitem', { name: 'Recherche web', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Recherche web' });
    await expect(dialog).toBeVisible();
    // The menu's closing Back has landed: the dialog, opened in the same moment, is still open.
    await expect.poll(() => page.evaluate(() => Boolean(history.state?.kasaLayer))).toBe(true);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  }
});
