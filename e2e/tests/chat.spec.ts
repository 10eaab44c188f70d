import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '../support/session';

// The e2e server runs with nothing configured: replies come from the offline advisor (README, AI providers),
// streamed like a model.
test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

const input = (page: Page) => page.getByTestId('chat-input');
const messages = (page: Page, role: 'user' | 'assistant') =>
  page.locator(`[data-testid="chat-message"][data-role="${role}"]`);

test('send → the reply streams in → Recent lists it → reload and select it → the messages load', async ({
  page,
}) => {
  await page.goto('/chat');
  await expect(page.getByTestId('chat-welcome')).toBeVisible();
  await input(page).fill('How much does Pro cost?');

  // Sample the live reply while it is written: it must grow in steps, not arrive in one piece.
  // Sample the screen while the reply is written: it must grow in steps (not arrive in one
  // piece), and the turn must never vanish (no frame of the welcome panel while the URL follows).
  const sampled = page.evaluate(
    () =>
      new Promise<{ lengths: number[]; flickers: number }>((resolve) => {
        const lengths: number[] = [];
        let flickers = 0;
        const started = Date.now();
        const timer = setInterval(() => {
          const live = document.querySelector('[data-testid="live-reply"]');
          const saved = document.querySelector('[data-testid="chat-message"][data-role="assistant"]');
          if (live) lengths.push((live.textContent ?? '').length);
          else if (lengths.length && !saved) flickers += 1;
          if (lengths.length && document.querySelector('[data-testid="chat-welcome"]')) flickers += 1;
          if ((saved && !live) || Date.now() - started > 20_000) {
            clearInterval(timer);
            resolve({ lengths, flickers });
          }
        }, 10);
      }),
  );
  await input(page).press('Enter');
  await expect(messages(page, 'user')).toHaveText([/How much does Pro cost\?$/]);
  const { lengths, flickers } = await sampled;
  expect(flickers).toBe(0);
  const growth = [...new Set(lengths)].filter((n) => n > 0);
  expect(growth.length).toBeGreaterThanOrEqual(3);
  // It only grows, but for at most one step back: the markdown renderer taking over from the plain
  // text shown while it loads (markup characters such as ** leave the text then).
  const stepsBack = growth.filter((n, i) => i > 0 && n < growth[i - 1]).length;
  expect(stepsBack).toBeLessThanOrEqual(1);
  expect(growth[growth.length - 1]).toBe(Math.max(...growth));

  const reply = messages(page, 'assistant').last();
  await expect(reply).toContainText('Here is what I found about your question:');
  await expect(reply).not.toContainText(/No AI model|OPENAI_BASE_URL|CHAT_MODEL/);
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  const conversationUrl = page.url();
  const replyText = (await reply.textContent()) ?? '';

  await page.getByTestId('sidebar-toggle').click();
  const item = page.getByTestId('conversation-item').filter({ hasText: 'How much does Pro cost?' });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('aria-current', 'page');

  // Reload: the conversation in the URL comes back from the server.
  await page.reload();
  await expect(messages(page, 'user')).toHaveText([/How much does Pro cost\?$/]);
  await expect(messages(page, 'assistant')).toHaveText([replyText]);

  // A new chat, then picking it from Recent.
  await page.goto('/chat');
  await expect(page.getByTestId('chat-welcome')).toBeVisible();
  await page.getByTestId('sidebar-toggle').click();
  await page.getByTestId('conversation-item').filter({ hasText: 'How much does Pro cost?' }).click();
  await expect(messages(page, 'assistant')).toHaveText([replyText]);
  expect(new URL(page.url()).searchParams.get('c')).toBe(new URL(conversationUrl).searchParams.get('c'));
});

test('Enter sends, Shift+Enter adds a new line, and an empty input sends nothing', async ({ page }) => {
  await page.goto('/chat');
  await input(page).press('Enter');
  await expect(messages(page, 'user')).toHaveCount(0);

  await input(page).pressSequentially('Maize in Bamenda');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('when to plant?');
  await expect(input(page)).toHaveValue('Maize in Bamenda\nwhen to plant?');
  await expect(messages(page, 'user')).toHaveCount(0);

  await input(page).press('Enter');
  await expect(messages(page, 'user')).toHaveCount(1);
  await expect(messages(page, 'user').first()).toContainText('Maize in Bamenda');
  await expect(messages(page, 'user').first()).toContainText('when to plant?');
  await expect(input(page)).toHaveValue('');
  await expect(messages(page, 'assistant')).toHaveCount(1);
});

test('a tip puts its prompt and a space into the input; More shows all 13, Less five', async ({ page }) => {
  await page.goto('/chat');
  const tips = page.getByTestId('tip');
  await expect(tips).toHaveCount(5);
  await page.getByRole('button', { name: 'More' }).click();
  await expect(tips).toHaveCount(13);
  await page.getByRole('button', { name: 'Less' }).click();
  await expect(tips).toHaveCount(5);

  await tips.first().click();
  const value = await input(page).inputValue();
  expect(value.length).toBeGreaterThan(10);
  expect(value.endsWith(' ')).toBe(true);
  expect(value.endsWith('  ')).toBe(false);
  await expect(input(page)).toBeFocused();
});

test('when the model fails, the reply reads the error text and the question stays', async ({ page }) => {
  await page.route('**/api/chat', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 200,
          contentType: 'text/event-stream',
          body: 'data: {"error":"The AI service could not be reached."}\n\n',
        })
      : route.continue(),
  );
  await page.goto('/chat');
  await input(page).fill('Will it rain in Garoua tomorrow?');
  await input(page).press('Enter');
  await expect(messages(page, 'assistant').last()).toContainText(
    'Sorry, I encountered an error. Please try again.',
  );
  await expect(messages(page, 'user')).toHaveText([/Will it rain in Garoua tomorrow\?$/]);

  await page.unroute('**/api/chat');
  await page.route('**/api/chat', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"statusCode":500,"message":"boom"}',
        })
      : route.continue(),
  );
  await input(page).fill('And the day after?');
  await input(page).press('Enter');
  await expect(messages(page, 'assistant').last()).toContainText(
    'Sorry, I encountered an error. Please try again.',
  );
  await expect(input(page)).toBeEnabled();
});
