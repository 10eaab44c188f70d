import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signedIn, useAccount } from '../support/session';
import { subscriptionStatus } from '../support/usage';

// The e2e server runs with no AI model: the chat says so once, in a dismissible notice above the
// input, and the replies are only what Kasa's own pages say (docs/product.md#chat-without-an-ai-model).
test.use({ viewport: { width: 360, height: 740 } });

const notice = (page: Page) => page.getByTestId('offline-advisor-notice');
const input = (page: Page) => page.getByTestId('chat-input');
const lastReply = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
const SET_UP_TEXT = /No AI model is connected|OPENAI_BASE_URL|OPENAI_API_KEY|CHAT_MODEL|README/;

async function ask(page: Page, question: string): Promise<void> {
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(page.getByTestId('live-reply')).toHaveCount(0, { timeout: 20_000 });
}

test('the notice says it once; replies carry no set-up text; one that found nothing costs no message; dismissed, it stays dismissed', async ({
  page,
}) => {
  const account = await signedIn(page);
  await page.goto('/chat');
  await expect(notice(page)).toHaveText(/Kasa is answering from its own pages, not an AI model/);
  await expect(notice(page)).toBeInViewport();
  await expect(page.getByTestId('offline-advisor-notice-details')).toHaveCount(0);
  // It fits the phone's width beside the input.
  const box = await notice(page).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);

  await ask(page, 'How much does Pro cost?');
  await expect(lastReply(page)).toContainText('Here is what I found about your question:');
  await expect(lastReply(page)).not.toContainText(SET_UP_TEXT);
  expect((await subscriptionStatus(page.request, account)).usage.current.messages).toBe(1);

  await ask(page, 'Where is the xylophone of the quokka?');
  await expect(lastReply(page)).toContainText('I found nothing relevant to your question');
  await expect(lastReply(page)).toContainText('This question was not counted in your monthly messages.');
  await expect(lastReply(page)).not.toContainText(SET_UP_TEXT);
  expect((await subscriptionStatus(page.request, account)).usage.current.messages).toBe(1);
  await expect(page.locator('body')).not.toContainText(SET_UP_TEXT);

  await notice(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice(page)).toHaveCount(0);
  await page.reload();
  await expect(input(page)).toBeVisible();
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(2);
  await expect(notice(page)).toHaveCount(0);
});

test('an administrator finds what to configure under Details', async ({ page }) => {
  const registered = await page.request.post('/api/auth/register', { data: E2E_ADMIN });
  const response =
    registered.status() === 409
      ? await page.request.post('/api/auth/login', { data: E2E_ADMIN })
      : registered;
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await useAccount(page, { ...E2E_ADMIN, token });
  await page.goto('/chat');
  const details = page.getByTestId('offline-advisor-notice-details');
  await details.getByText('Details').click();
  for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CHAT_MODEL'])
    await expect(details.locator('code', { hasText: name })).toBeVisible();
  await expect(details).toContainText('README');
});
