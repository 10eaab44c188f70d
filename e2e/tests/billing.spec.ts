import { expect, test, type Page } from '@playwright/test';
import { decideSandboxCheckout, expectNoSidewaysScroll, requestMobileMoneyPayment } from '../support/billing';
import { signedIn } from '../support/session';

// The e2e server runs with no payment keys: card and mobile money go through the sandbox checkout
// page, whose Approve / Decline feed the same code path as the providers' webhooks (docs/product.md#checkout).
test.beforeEach(async ({ page }) => {
  await signedIn(page);
});

const badge = (page: Page) => page.getByTestId('current-plan-badge');
const toast = (page: Page) => page.getByTestId('toast');

test('card in the sandbox: Pay $4 → test checkout → Approve → Welcome to Pro! → Cancel Subscription', async ({
  page,
}) => {
  await page.goto('/subscription');
  await expect(badge(page)).toHaveText('Basic Plan');
  await page.getByRole('button', { name: 'Pay $4 with Credit Card' }).click();
  const panel = page.getByTestId('sandbox-card-panel');
  await expect(panel).toContainText('no real card is charged');
  await panel.getByTestId('sandbox-card-continue').click();

  await decideSandboxCheckout(page, 'Approve');
  await expect(toast(page)).toContainText('Welcome to Pro!');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(badge(page)).toHaveText('Pro Plan');
  await expect(page.getByTestId('pro-current-plan')).toHaveText('Current Plan');
  await expect(page.getByTestId('plan-card-PRO_PLAN')).toContainText('Current Plan');
  await expect(page.getByTestId('usage-meter-webSearchesPerMonth')).toContainText('Unlimited');
  await expect(page.getByTestId('pay-card')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(toast(page)).toContainText('Subscription Cancelled');
  await expect(toast(page)).toContainText('Your subscription will end at the current billing period');
  // Pro until the end of the paid period, with no second cancel button.
  await expect(page.getByTestId('pro-period')).toContainText('Your Pro plan ends on');
  await expect(badge(page)).toHaveText('Pro Plan');
  await expect(page.getByTestId('cancel-subscription')).toHaveCount(0);
});

test('card in the sandbox: Decline → Payment Failed, still Basic', async ({ page }) => {
  await page.goto('/subscription');
  await page.getByTestId('pay-card').click();
  await page.getByTestId('sandbox-card-continue').click();
  await decideSandboxCheckout(page, 'Decline');
  await expect(toast(page)).toContainText('Payment Failed');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(badge(page)).toHaveText('Basic Plan');
});

test('in French: the request-sent toast and the sandbox approval page speak French, whatever the browser says', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('kasa-language', 'fr'));
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'en-US,en;q=0.9' });
  await page.goto('/subscription');
  await page.getByTestId('pay-mobile-money').click();
  const form = page.getByTestId('mobile-money-form');
  await form.getByLabel('Nom complet').fill('Amina Bello');
  await form.getByLabel('E-mail').fill('amina@example.cm');
  await form.getByLabel('Numéro de téléphone').pressSequentially('677123456');
  await form.getByLabel('Réseau').selectOption('MTN');
  await page.getByTestId('mobile-money-submit').click();
  await expect(toast(page)).toContainText('Demande de paiement envoyée !');
  await expect(toast(page)).toContainText('Bac à sable : aucune demande');
  await expect(toast(page)).not.toContainText('Sandbox:');
  await expect(page.getByTestId('checkout-card')).toHaveCount(0);
  await page.getByTestId('awaiting-sandbox-link').click();

  await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\/[^?]+\?lang=fr$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Approve payment' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Accepter le paiement' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(badge(page)).toHaveText(/Pro/);
});

test('mobile money in the sandbox: 677123456 → Payment Request Sent! → approve on the sandbox page → Pro', async ({
  page,
}) => {
  await page.goto('/subscription');
  // The national number as people type it: read as +237 (MOBILE_MONEY_COUNTRY_CODE's default).
  await requestMobileMoneyPayment(page, { phone: '677123456' });
  await expect(toast(page)).toContainText('Payment Request Sent!');
  await expect(toast(page)).toContainText('Open the sandbox approval page');
  // The checkout closes by itself; the approval link stays on the page.
  await expect(page.getByTestId('checkout-card')).toHaveCount(0);
  await page.getByTestId('awaiting-sandbox-link').click();

  await decideSandboxCheckout(page, 'Approve');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(badge(page)).toHaveText('Pro Plan');
  // A mobile money pass runs its 30 days and is not cancelled.
  await expect(page.getByTestId('pro-period')).toContainText('Your Pro pass runs until');
  await expect(page.getByTestId('cancel-subscription')).toHaveCount(0);
});

test('mobile money: the form checks its fields and the number as it is typed, and offers no network without a route', async ({
  page,
}) => {
  await page.goto('/subscription');
  await page.getByTestId('pay-mobile-money').click();
  await page.getByRole('button', { name: 'Send payment request' }).click();
  await expect(page.getByTestId('mobile-money-full_name-error')).toHaveText('Please enter your full name.');
  await expect(page.getByTestId('mobile-money-network-error')).toHaveText(
    'Please choose your mobile money network.',
  );
  // Only MTN and Orange have a route: Airtel Money is not offered.
  await expect(page.getByLabel('Network').locator('option')).toHaveText([
    'Choose your network',
    'MTN Mobile Money',
    'Orange Money',
  ]);

  const phone = page.getByLabel('Phone number');
  const phoneError = page.getByTestId('mobile-money-phone_number-error');
  await expect(phone).toHaveAttribute('placeholder', '+237 6XX XX XX XX');
  await phone.fill('');
  await phone.pressSequentially('5');
  await expect(phoneError).toHaveText('This is not a mobile number: enter it as 6XX XX XX XX.');
  await phone.fill('');
  await phone.pressSequentially('677 12 34 56');
  await expect(phoneError).toHaveCount(0);
  await expect(page.locator('#mobile-money-phone_number-hint')).toHaveText(
    'The request goes to +237 677 12 34 56',
  );
  await expect(toast(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('checkout-card')).toHaveCount(0);
  await expect(badge(page)).toHaveText('Basic Plan');
});

test('/payments offers the same plan choice and payment options', async ({ page }) => {
  await page.goto('/payments');
  await expect(page.getByTestId('plan-comparison')).toBeVisible();
  await expect(page.getByTestId('pay-card')).toHaveText('Pay $4 with Credit Card');
  await expect(page.getByTestId('pay-mobile-money')).toHaveText('Pay ₣2,500 via Mobile Money');
});

test('on a 360 px phone the page and the checkout fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/subscription');
  await expect(badge(page)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByTestId('pay-mobile-money').click();
  await expect(page.getByTestId('mobile-money-form')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
