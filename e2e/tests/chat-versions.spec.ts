import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedIn, type TestAccount } from '../support/session';

// The everyday conversation (docs/product.md#versions-and-branches): regenerate and switch versions,
// edit and resend, copy a reply, an edit made offline, code and maths in a reply. Replies come from
// the offline advisor (no model is configured on the e2e server).

const input = (page: Page) => page.getByTestId('chat-input');
const messages = (page: Page, role: 'user' | 'assistant') =>
  page.locator(`[data-testid="chat-message"][data-role="${role}"]`);

interface SavedMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  parentId?: string | null;
  versionIds?: string[];
}

async function shownMessages(request: APIRequestContext, account: TestAccount, conversationId: string) {
  const response = await request.get(`/api/chat/conversations/${conversationId}`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as SavedMessage[];
}

function conversationIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('c');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id!;
}

/** Waits until no reply is being written on screen. */
async function replyFinished(page: Page): Promise<void> {
  await expect(page.getByTestId('live-reply')).toHaveCount(0, { timeout: 20_000 });
  await expect(messages(page, 'assistant').last().getByTestId('reply-actions')).toBeVisible();
}

async function ask(page: Page, question: string): Promise<void> {
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(messages(page, 'user').last()).toContainText(question);
  await replyFinished(page);
}

for (const viewport of [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('regenerate makes a second version; the arrows switch; a reload and the next turn follow the version shown', async ({
      page,
    }) => {
      const account = await signedIn(page);
      await page.goto('/chat');
      await ask(page, 'When do I plant maize?');
      const conversationId = conversationIdOf(page);
      const [first] = (await shownMessages(page.request, account, conversationId)).filter(
        (message) => message.role === 'assistant',
      );

      const reply = messages(page, 'assistant').last();
      await reply.getByRole('button', { name: 'Regenerate' }).click();
      await replyFinished(page);
      // One question, one reply shown: the new version replaced the first in place.
      await expect(messages(page, 'user')).toHaveCount(1);
      await expect(messages(page, 'assistant')).toHaveCount(1);
      await expect(messages(page, 'assistant').last().getByTestId('version-position')).toHaveText(
        'Version 2 of 2',
      );

      await messages(page, 'assistant').last().getByRole('button', { name: 'Previous version' }).click();
      await expect(messages(page, 'assistant').last().getByTestId('version-position')).toHaveText(
        'Version 1 of 2',
      );
      await page.reload();
      await expect(messages(page, 'assistant').last().getByTestId('version-position')).toHaveText(
        'Version 1 of 2',
      );
      const shown = await shownMessages(page.request, account, conversationId);
      expect(shown.filter((message) => message.role === 'assistant').map((message) => message.id)).toEqual([
        first.id,
      ]);

      // The conversation goes on from the version shown.
      await ask(page, 'And how deep?');
      const after = await shownMessages(page.request, account, conversationId);
      const followUp = after.find((message) => message.content === 'And how deep?');
      expect(followUp?.parentId).toBe(first.id);
    });

    test('edit and resend starts a branch; the old question stays reachable', async ({ page }) => {
      const account = await signedIn(page);
      await page.goto('/chat');
      await ask(page, 'How much rain does cassava need?');
      const conversationId = conversationIdOf(page);

      await messages(page, 'user').last().getByRole('button', { name: 'Edit message' }).click();
      const editor = page.getByTestId('message-editor').getByRole('textbox');
      await editor.fill('How much rain does maize need?');
      await page.getByRole('button', { name: 'Save & send' }).click();
      await replyFinished(page);

      await expect(messages(page, 'user')).toHaveCount(1);
      await expect(messages(page, 'user').last()).toContainText('How much rain does maize need?');
      await expect(messages(page, 'user').last().getByTestId('version-position')).toHaveText(
        'Version 2 of 2',
      );
      await messages(page, 'user').last().getByRole('button', { name: 'Previous version' }).click();
      await expect(messages(page, 'user').last()).toContainText('How much rain does cassava need?');

      const shown = await shownMessages(page.request, account, conversationId);
      expect(shown.map((message) => message.role)).toEqual(['user', 'assistant']);
      expect(shown[0].content).toBe('How much rain does cassava need?');
      expect(shown[0].versionIds).toHaveLength(2);
    });

    test('copy puts the whole reply on the clipboard, as markdown and as plain text', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const account = await signedIn(page);
      await page.goto('/chat');
      await ask(page, 'How much does Pro cost?');
      const [saved] = (await shownMessages(page.request, account, conversationIdOf(page))).filter(
        (message) => message.role === 'assistant',
      );

      const reply = messages(page, 'assistant').last();
      await reply.getByRole('button', { name: 'Copy' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(saved.content);

      await reply.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Copy as plain text' }).click();
      const plain = await page.evaluate(() => navigator.clipboard.readText());
      expect(plain).not.toBe(saved.content);
      expect(plain).not.toMatch(/\*\*|`|^#+ /m);
      expect(plain).toContain('Here is what I found about your question:');
    });
  });
}

test('an edit made offline waits, then is sent once when the network returns', async ({ page, context }) => {
  const account = await signedIn(page);
  await page.goto('/chat');
  await ask(page, 'Is it going to rain?');
  const conversationId = conversationIdOf(page);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await messages(page, 'user').last().getByRole('button', { name: 'Edit message' }).click();
  await page.getByTestId('message-editor').getByRole('textbox').fill('Is it going to rain tomorrow?');
  await page.getByRole('button', { name: 'Save & send' }).click();
  await expect(page.getByTestId('waiting-message')).toContainText('Is it going to rain tomorrow?');

  await context.setOffline(false);
  await expect(page.getByTestId('waiting-message')).toHaveCount(0, { timeout: 20_000 });
  await replyFinished(page);
  const shown = await shownMessages(page.request, account, conversationId);
  expect(shown.map((message) => message.content)[0]).toBe('Is it going to rain tomorrow?');
  // Sent once: the first question and its one edit are the only versions.
  expect(shown[0].versionIds).toHaveLength(2);
});

test('code and maths in a reply render (highlighted code, KaTeX), money stays text', async ({ page }) => {
  await signedIn(page);
  await page.goto('/chat');
  await ask(page, 'Show me a formula');
  const conversationId = conversationIdOf(page);
  // The e2e server has no model: the saved reply's text is replaced on its way to the browser with
  // one a model would write, to check what the browser renders from it.
  const content = [
    'Yield per hectare is $y = \\frac{h}{a}$ and the area is',
    '',
    '$$A = \\pi r^2$$',
    '',
    'A bag costs $5 and a sack $10.',
    '',
    '```python',
    'def yield_per_hectare(harvest, area):',
    '    return harvest / area',
    '```',
  ].join('\n');
  await page.route(`**/api/chat/conversations/${conversationId}`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as SavedMessage[];
    await route.fulfill({
      response,
      json: body.map((message) => (message.role === 'assistant' ? { ...message, content } : message)),
    });
  });
  await page.reload();
  const reply = messages(page, 'assistant').last();
  await expect(reply.locator('.katex')).toHaveCount(2);
  await expect(reply.locator('.katex-display')).toHaveCount(1);
  await expect(reply).toContainText('A bag costs $5 and a sack $10.');
  const code = reply.getByTestId('code-block');
  await expect(code).toContainText('def yield_per_hectare');
  // Highlighted: the keyword is its own styled element.
  await expect(code.locator('code span', { hasText: /^def$/ })).toHaveCount(1);
});
