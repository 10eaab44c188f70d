import { expect, type Page } from '@playwright/test';

/** On the sandbox checkout page (the stand-in for the card form or the phone's prompt): decide. */
export async function decideSandboxCheckout(page: Page, decision: 'Approve' | 'Decline'): Promise<void> {
  await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\//);
  await page.getByRole('button', { name: `${decision} payment` }).click();
}

/** Fills the mobile money form (docs/product.md#checkout), typing the number key by key, and sends it. */
export async function requestMobileMoneyPayment(
  page: Page,
  { network = 'MTN', phone = '+237 650 000 000' }: { network?: 'MTN' | 'ORANGE'; phone?: string } = {},
): Promise<void> {
  await page.getByTestId('pay-mobile-money').click();
  const form = page.getByTestId('mobile-money-form');
  await form.getByLabel('Full name').fill('Amina Bello');
  await form.getByLabel('Email').fill('amina@example.cm');
  await form.getByLabel('Phone number').pressSequentially(phone);
  await form.getByLabel('Network').selectOption(network);
  await form.getByRole('button', { name: 'Send payment request' }).click();
}

/** The page is no wider than the screen (phones scroll sideways otherwise). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
