import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/session';

// serve-app.mjs configures SUPPORT_EMAIL, SUPPORT_WHATSAPP and SUPPORT_PHONE for the suite.
test.use({ viewport: { width: 360, height: 740 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsentGiven', 'true'));
});

test('on a 360 px phone, an account without e-mail finds the support contacts in the forgot-password dialog', async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  await page.goto('/');
  // The footer of the first screen carries them too.
  const footer = page.getByTestId('footer-support');
  await expect(footer.getByRole('link', { name: 'E-mail: help@kasa.example' })).toHaveAttribute(
    'href',
    'mailto:help@kasa.example',
  );

  await page.getByTestId('forgot-password').click();
  const dialog = page.getByTestId('forgot-dialog');
  await page.getByTestId('forgot-username').fill(account.username);
  await page.getByTestId('forgot-continue').click();
  await expect(page.getByTestId('toast')).toContainText('Reset Not Available');
  await expect(dialog).toHaveAttribute('data-step', 'username');

  const note = dialog.getByTestId('forgot-support');
  await expect(note).toContainText('This account has no e-mail address, so we cannot send it a code.');
  const whatsapp = note.getByRole('link', { name: 'WhatsApp: +237677123456' });
  await expect(whatsapp).toBeVisible();
  await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/237677123456');
  await expect(note.getByRole('link', { name: 'Phone: +237222123456' })).toHaveAttribute(
    'href',
    'tel:+237222123456',
  );
  await expect(note.getByRole('link', { name: 'E-mail: help@kasa.example' })).toBeInViewport();
  // Nothing in the dialog is wider than the phone's screen.
  const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
