import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedIn, type TestAccount } from '../support/session';

// Offline reading and writing, and resumable replies (docs/product.md#offline). Replies
// come from the offline advisor, streamed in small chunks (tests/chat.spec.ts).

const input = (page: Page) => page.getByTestId('chat-input');
const messages = (page: Page, role: 'user' | 'assistant') =>
  page.locator(`[data-testid="chat-message"][data-role="${role}"]`);

interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: string;
  mediaType?: string | null;
}

async function conversationsOf(request: APIRequestContext, account: TestAccount) {
  const headers = { Authorization: `Bearer ${account.token}` };
  const list = await request.get('/api/chat/conversations', { headers });
  expect(list.status()).toBe(200);
  const conversations = (await list.json()) as Array<{ id: string }>;
  return Promise.all(
    conversations.map(async ({ id }) => {
      const response = await request.get(`/api/chat/conversations/${id}`, { headers });
      expect(response.status()).toBe(200);
      return { id, messages: (await response.json()) as Message[] };
    }),
  );
}

/** Waits until the reply on screen is finished (saved, no live row) and returns its text. */
async function finishedReply(page: Page): Promise<string> {
  await expect(page.getByTestId('live-reply')).toHaveCount(0, { timeout: 20_000 });
  await expect(messages(page, 'assistant').last()).toBeVisible();
  return ((await messages(page, 'assistant').last().textContent()) ?? '').trim();
}

test.describe('reading offline', () => {
  // The app itself must come from the service worker's precache after an offline reload.
  test.use({ serviceWorkers: 'allow' });

  test('a past conversation reads after a reload offline', async ({ page, context }) => {
    await signedIn(page);
    await page.goto('/chat');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await input(page).fill('When do I plant maize?');
    await input(page).press('Enter');
    await expect(page).toHaveURL(/\?c=/);
    const reply = await finishedReply(page);
    const url = page.url();
    // The saved cache is written shortly after the last change.
    await page.waitForTimeout(1500);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(messages(page, 'user')).toHaveCount(1);
    await expect(messages(page, 'user')).toContainText('When do I plant maize?');
    // (The reply's Markdown renders once its lazily loaded renderer is there: wait for it.)
    await expect(messages(page, 'assistant').last()).toHaveText(reply);
    expect(page.url()).toBe(url);
    // The list reads too, and the tools that need the network say so.
    await expect(page.getByTestId('chat-sidebar')).toContainText('When do I plant maize');
    await expect(page.getByTestId('enhancements-button')).toBeDisabled();
    await context.setOffline(false);
  });
});

test('a message sent offline waits, then is sent once when the network returns, and answered', async ({
  page,
  context,
}) => {
  const account = await signedIn(page);
  await page.goto('/chat');
  await expect(page.getByTestId('chat-welcome')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await input(page).fill('Is it going to rain?');
  await input(page).press('Enter');
  await expect(page.getByTestId('waiting-message')).toContainText('Is it going to rain?');
  await expect(page.getByTestId('waiting-note')).toHaveText('Waiting for network');

  // Nothing was sent while offline.
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  await context.setOffline(false);
  await finishedReply(page);
  await expect(page.getByTestId('waiting-message')).toHaveCount(0);
  await expect(messages(page, 'user')).toHaveCount(1);
  await expect(messages(page, 'assistant')).toHaveCount(1);

  const conversations = await conversationsOf(page.request, account);
  expect(conversations).toHaveLength(1);
  const saved = conversations[0].messages;
  expect(saved.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Is it going to rain?']);
  expect(saved.filter((m) => m.role === 'assistant')).toHaveLength(1);
});

test('a send whose answer is lost is retried with the same key and stored once', async ({ page }) => {
  const account = await signedIn(page);
  const keys: string[] = [];
  let first = true;
  await page.route('**/api/chat', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (first) {
      first = false;
      // The server gets the message, the phone never hears back (a lift, a tunnel).
      await route.fetch().catch(() => undefined);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  await page.goto('/chat');
  await input(page).fill('How do I store beans?');
  await input(page).press('Enter');
  await expect(page.getByTestId('waiting-message')).toContainText('How do I store beans?');
  await finishedReply(page);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  const conversations = await conversationsOf(page.request, account);
  expect(conversations).toHaveLength(1);
  const saved = conversations[0].messages;
  expect(saved.filter((m) => m.role === 'user')).toHaveLength(1);
  expect(saved.filter((m) => m.role === 'assistant')).toHaveLength(1);
  await expect(messages(page, 'user')).toHaveCount(1);
});

test('a reply cut mid-stream resumes from where it stopped, without a gap or a repeat', async ({ page }) => {
  const account = await signedIn(page);
  const resumes: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (/\/api\/chat\/messages\/[^/]+\/stream$/.test(new URL(request.url()).pathname))
      resumes.push(request.headers()['last-event-id']);
  });
  const resumeAnswers: number[] = [];
  page.on('response', (response) => {
    if (/\/api\/chat\/messages\/[^/]+\/stream$/.test(new URL(response.url()).pathname))
      resumeAnswers.push(response.status());
  });
  await page.route('**/api/chat', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    // The whole stream from the server, handed on only up to its fourth text chunk: the
    // connection then ends without the final event.
    const response = await route.fetch();
    const kept: string[] = [];
    let chunks = 0;
    for (const event of (await response.text()).split('\n\n')) {
      if (/"(done|error)"/.test(event)) break;
      if (event.includes('"content"') && ++chunks > 4) break;
      kept.push(event);
    }
    expect(chunks).toBeGreaterThan(4); // the reply really was longer than what got through
    const body = `${kept.join('\n\n')}\n\n`;
    await route.fulfill({ status: 200, headers: response.headers(), body });
  });
  await page.goto('/chat');
  await input(page).fill('Tell me about compost');
  await input(page).press('Enter');
  const shown = await finishedReply(page);
  expect(resumes.length).toBeGreaterThan(0);
  expect(Number(resumes[0])).toBeGreaterThan(0);
  // Really reattached (not given up and read from the saved conversation instead).
  expect(resumeAnswers).toContain(200);
  await expect(page.getByTestId('reply-error')).toHaveCount(0);

  const [conversation] = await conversationsOf(page.request, account);
  const reply = conversation.messages.find((m) => m.role === 'assistant');
  expect(reply?.status).toBe('complete');
  // The reply as this screen put it together equals the server's copy, shown after a reload:
  // nothing missing, nothing twice.
  await page.reload();
  await expect(messages(page, 'assistant')).toHaveCount(1);
  await expect(messages(page, 'assistant')).toHaveText(shown);
});

test('an image asked offline waits in Quick AI Tools, then is generated once when the network returns', async ({
  page,
  context,
}) => {
  const account = await signedIn(page);
  await page.goto('/chat');
  await input(page).fill('What should I plant this season?');
  await input(page).press('Enter');
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  await finishedReply(page);
  const conversationId = new URL(page.url()).searchParams.get('c');

  // The panel's code loads on first use: open it while online (no service worker in this test).
  await page.getByTestId('sidebar-toggle').click();
  await page.getByRole('button', { name: 'Quick AI Tools' }).click();
  const panel = page.getByTestId('quick-actions-panel');
  await panel.getByRole('button', { name: 'Generate Image', exact: true }).click();

  await context.setOffline(true);
  await panel.getByLabel('Describe the image').fill('Healthy cocoa beans');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  const waiting = panel.getByTestId('waiting-request');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('Healthy cocoa beans');
  await expect(waiting).toContainText('Waiting for network — it will be sent when you are back online.');

  await context.setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('Image generated!', { timeout: 20_000 });
  await expect(waiting).toHaveCount(0);
  await expect(panel.getByRole('img')).toBeVisible();

  const conversations = await conversationsOf(page.request, account);
  const conversation = conversations.find((c) => c.id === conversationId);
  const images = (conversation?.messages ?? []).filter((m) => m.mediaType === 'image');
  expect(images).toHaveLength(1);
});
