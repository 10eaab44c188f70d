import { expect, test } from '@playwright/test';
import { registerAccount, useAccount } from '../support/session';
import { sendChatMessages, subscriptionStatus } from '../support/usage';

// The chat screen's Payment Options (docs/product.md#chat-screen): a Basic user near a limit is offered the two ways to pay,
// and each leads to its checkout on /subscription (docs/product.md#checkout). Basic allows 50 messages a month.
test('a Basic user at 80 % of messages opens Payment Options on /chat and lands on the mobile money checkout', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await registerAccount(page.request);
  await sendChatMessages(page.request, account, 40);
  expect((await subscriptionStatus(page.request, account)).usage.current.messages).toBe(40);
  await useAccount(page, account);

  await page.goto('/chat');
  await expect(page.getByTestId('usage-warning-text')).toHaveText(
    'You have used 80 % of your messages this month.',
  );
  await page.getByTestId('payment-options-link').click();
  const dialog = page.getByRole('dialog', { name: 'Payment Options' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('payment-options-card')).toContainText('Pay $4 with Credit Card');
  await expect(dialog.getByTestId('payment-options-card')).toHaveAttribute('href', '/subscription?method=card');
  await expect(dialog.getByTestId('payment-options-mobile-money')).toContainText('Pay ₣2,500 via Mobile Money');

  await dialog.getByTestId('payment-options-mobile-money').click();
  // The checkout is open at once, and the parameter has left the address bar.
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('mobile-money-form')).toBeVisible();
  await expect(page.getByTestId('pay-mobile-money')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('current-plan-badge')).toHaveText('Basic Plan');

  // A reload does not open the checkout again.
  await page.reload();
  await expect(page.getByTestId('pay-mobile-money')).toBeVisible();
  await expect(page.getByTestId('checkout-card')).toHaveCount(0);

  // /payments is still the plan choice and how to pay.
  await page.goto('/payments');
  await expect(page.getByTestId('billing-page')).toBeVisible();
  await expect(page.getByTestId('current-plan-badge')).toHaveText('Basic Plan');
  await expect(page.getByTestId('pay-card')).toHaveText('Pay $4 with Credit Card');
  await expect(page.getByTestId('pay-mobile-money')).toHaveText('Pay ₣2,500 via Mobile Money');
});

test('below 80 % the chat screen shows no Payment Options link', async ({ page }) => {
  const account = await registerAccount(page.request);
  await sendChatMessages(page.request, account, 3);
  await useAccount(page, account);
  // The status the warning reads has arrived before the absence is checked.
  const statusRead = page.waitForResponse((r) => r.url().endsWith('/api/subscription/status') && r.ok());
  await page.goto('/chat');
  await statusRead;
  await expect(page.getByTestId('chat-welcome')).toBeVisible();
  await expect(page.getByTestId('payment-options-link')).toHaveCount(0);
});
