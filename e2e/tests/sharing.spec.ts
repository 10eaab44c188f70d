import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/billing';
import { registerAccount, useAccount, type TestAccount } from '../support/session';

// Shared links (libs/contracts/src/sharing.ts): a snapshot of a conversation anyone can read at
// /s/{id}, signed out, rendered by the shell; revoked in Account → Shared links, it is a 404 at once.

const VIEWPORTS = [
  { name: 'phone (360 px)', size: { width: 360, height: 740 } },
  { name: 'desktop', size: { width: 1280, height: 800 } },
];
const QUESTION = 'How do I store maize after harvest?';

/** One question to the (offline) advisor through the real API, its reply read to the end; the conversation's id. */
async function conversationWithReply(request: APIRequestContext, account: TestAccount): Promise<string> {
  const headers = { Authorization: `Bearer ${account.token}` };
  const chat = await request.post('/api/chat', {
    headers: { ...headers, Accept: 'text/event-stream' },
    data: { message: QUESTION },
  });
  expect(chat.status(), await chat.text()).toBe(200);
  const list = await request.get('/api/chat/conversations', { headers });
  expect(list.status()).toBe(200);
  const [conversation] = (await list.json()) as Array<{ id: string }>;
  return conversation.id;
}

/** POST /api/shares with the owner's token, as the chat's Share button does; the link's id. */
async function share(request: APIRequestContext, account: TestAccount, conversationId: string) {
  const response = await request.post('/api/shares', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { conversationId },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const link = (await response.json()) as {
    id: string;
    path: string;
    messageCount: number;
    showName: boolean;
  };
  expect(link.path).toBe(`/s/${link.id}`);
  expect(link.messageCount).toBe(2);
  expect(link.showName).toBe(false);
  return link;
}

async function expectNotFoundPage(page: Page) {
  const notFound = page.getByTestId('shared-not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText('This shared conversation does not exist or is no longer shared.');
  await expect(notFound.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expect(page.getByTestId('shared-message')).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test(`a shared conversation opens signed out, then revoking it makes the link a dead end (${viewport.name})`, async ({
    page,
    browser,
  }) => {
    const account = await registerAccount(page.request);
    const conversationId = await conversationWithReply(page.request, account);
    const link = await share(page.request, account, conversationId);

    // A fresh browser, never signed in: the page, its messages, and no username anywhere.
    const visitorContext = await browser.newContext({ viewport: viewport.size });
    const visitor = await visitorContext.newPage();
    await visitor.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
    const answer = visitor.waitForResponse((r) => r.url().endsWith(`/api/shares/${link.id}`));
    await visitor.goto(link.path);
    expect((await answer).request().headers().authorization).toBeUndefined();
    const shared = visitor.getByTestId('shared-conversation-page');
    await expect(shared.getByTestId('shared-label')).toHaveText('Shared conversation');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    const messages = visitor.getByTestId('shared-message');
    await expect(messages).toHaveCount(2);
    await expect(messages.first()).toContainText(QUESTION);
    await expect(messages.last()).toHaveAttribute('data-role', 'assistant');
    await expect(messages.last()).toContainText(/Here is what I found|I found nothing relevant/);
    await expect(shared).not.toContainText(account.username);
    await expect(visitor.getByTestId('shared-meta')).toHaveText(/^Shared on /);
    await expect(visitor.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
    await expect(visitor.getByTestId('landing-page')).toHaveCount(0);
    await expect(visitor.getByTestId('shared-try-app')).toHaveAttribute('href', '/');
    await expectNoSidewaysScroll(visitor);

    // The owner revokes it in Account → Shared links.
    await page.setViewportSize(viewport.size);
    await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
    await useAccount(page, account);
    await page.goto('/account?tab=shared-links');
    const row = page.getByTestId('shared-link');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('2 messages');
    await expect(row.getByRole('link', { name: 'Open' })).toHaveAttribute('href', link.path);
    await expectNoSidewaysScroll(page);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('shared-link-confirm-revoke').click();
    await expect(page.getByTestId('toast').last()).toContainText('Link revoked');
    await expect(page.getByTestId('shared-links-empty')).toBeVisible();

    // The visitor's link is now the not-found page, and so is the owner's.
    await visitor.reload();
    await expectNotFoundPage(visitor);
    await page.goto(link.path);
    await expectNotFoundPage(page);
    await visitorContext.close();
  });
}

for (const viewport of VIEWPORTS) {
  test(`Share in the chat makes a link a signed-out visitor opens; Export downloads the conversation (${viewport.name})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport.size);
    await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
    const account = await registerAccount(page.request);
    const conversationId = await conversationWithReply(page.request, account);
    await useAccount(page, account);
    await page.goto(`/chat?c=${conversationId}`);
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(1);

    // On a phone the top bar has no room for Share: it is the first entry of the conversation's menu.
    const shareButton = page.getByTestId('share-button');
    if (await shareButton.isVisible()) await shareButton.click();
    else {
      await page.getByTestId('conversation-menu-button').click();
      await page.getByTestId('conversation-menu-share').click();
    }
    const dialog = page.getByTestId('share-dialog');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Link to this conversation' }).inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const visitorContext = await browser.newContext({ viewport: viewport.size });
    const visitor = await visitorContext.newPage();
    await visitor.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
    await visitor.goto(new URL(url).pathname);
    await expect(visitor.getByTestId('shared-message')).toHaveCount(2);
    await expect(visitor.getByTestId('shared-conversation-page')).not.toContainText(account.username);
    await visitorContext.close();

    // Export as Markdown: a file named after the conversation, with the question and the reply.
    await page.getByTestId('conversation-menu-button').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-markdown').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.md$/);
    const markdown = readFileSync(await file.path(), 'utf8');
    expect(markdown).toContain(QUESTION);
    expect(markdown).toMatch(/Here is what I found|I found nothing relevant/);
  });
}
