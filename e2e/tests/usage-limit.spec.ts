import { expect, test } from '@playwright/test';
import { registerAccount, useAccount } from '../support/session';
import { sendChatMessages, subscriptionStatus } from '../support/usage';

// The usage limit end to end (docs/product.md#usage-limit): the Basic plan allows 50 messages a month.
test('a Basic user at the message limit sees the limit toast and lands on /subscription', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await registerAccount(page.request);
  await sendChatMessages(page.request, account, 50);
  expect((await subscriptionStatus(page.request, account)).usage.current.messages).toBe(50);
  await useAccount(page, account);

  await page.goto('/chat');
  await page.getByTestId('chat-input').fill('One more question about maize');
  await page.getByTestId('chat-input').press('Enter');

  const toast = page.getByTestId('toast');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(toast).toContainText('Messages Limit Reached');
  await expect(toast).toContainText("You've used 50 of 50 messages for this month.");
  await expect(toast).toContainText('Upgrade to Pro Plan for more usage limits.');
  await expect(toast).toContainText('Click the button below to manage your subscription.');
  await expect(toast.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute(
    'href',
    '/subscription',
  );

  // Three seconds later the subscription page, with the meter at its limit and the way to Pro.
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan-badge')).toHaveText('Basic Plan');
  const meter = page.getByTestId('usage-meter-messagesPerMonth');
  await expect(meter).toContainText('50 / 50');
  await expect(meter).toContainText('Limit reached');
  await expect(page.getByTestId('pay-card')).toHaveText('Pay $4 with Credit Card');
  expect((await subscriptionStatus(page.request, account)).usage.current.messages).toBe(50);
});
