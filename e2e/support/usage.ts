import { expect, type APIRequestContext } from '@playwright/test';
import type { TestAccount } from './session';

/**
 * Uses up `count` chat messages of the account through the real API (POST /api/chat, each reply
 * read to its end), a few at a time: the quota is reached in seconds instead of through the UI.
 * A few means well under the open streams one account may hold (CONCURRENT_STREAMS_PER_USER, 8):
 * a stream's slot is given back as its connection closes, just after the client has read its end.
 */
export async function sendChatMessages(
  request: APIRequestContext,
  account: TestAccount,
  count: number,
  inParallel = 4,
): Promise<void> {
  for (let sent = 0; sent < count; sent += inParallel) {
    const batch = Array.from({ length: Math.min(inParallel, count - sent) }, async (_, i) => {
      const response = await request.post('/api/chat', {
        headers: { Authorization: `Bearer ${account.token}`, Accept: 'text/event-stream' },
        // A question Kasa's pricing page answers: a reply that finds nothing costs no message.
        data: { message: `Pricing question ${sent + i + 1}: how much does Pro cost?` },
      });
      expect(response.status(), await response.text()).toBe(200);
    });
    await Promise.all(batch);
  }
}

/** GET /api/subscription/status as the account sees it. */
export async function subscriptionStatus(request: APIRequestContext, account: TestAccount) {
  const response = await request.get('/api/subscription/status', {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { plan: string; usage: { current: { messages: number } } };
}
