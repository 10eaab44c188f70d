import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import { SECURITY, fail, ok, renderAccount, securityOf, stubApi } from '../testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const DELETE = 'DELETE /api/account';
const deleted = {
  ok: true,
  message: 'Your account and all its data have been deleted.',
  deleted: { conversations: 2, messages: 9, files: 1, uploads: 1 },
  paymentRecordsKept: 1,
  cardSubscriptionCancelled: true,
};
const twoFactorOn = securityOf({
  twoFactor: { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', backupCodesLeft: 10 },
});

test('the danger card says what goes, what stays and that a card subscription is cancelled', async () => {
  stubApi({ [SECURITY]: ok(securityOf()) });
  renderAccount({ tab: 'security' });
  const card = screen.getByTestId('account-delete');
  expect(card).toHaveTextContent('conversations');
  expect(card).toHaveTextContent('Payment records are kept, anonymised');
  expect(card).toHaveTextContent('An active card subscription is cancelled at once');
});

test('without 2FA: the password and the username typed out, then DELETE {password}; the session ends', async () => {
  const api = stubApi({ [SECURITY]: ok(securityOf()), [DELETE]: ok(deleted) });
  const { queryClient } = renderAccount({ tab: 'security' });
  await screen.findByTestId('two-factor-status');
  await userEvent.click(screen.getByTestId('delete-account-open'));
  const dialog = await screen.findByTestId('delete-account-dialog');
  expect(within(dialog).queryByTestId('delete-account-code')).not.toBeInTheDocument();
  const submit = within(dialog).getByTestId('delete-account-submit');

  await userEvent.type(within(dialog).getByTestId('delete-account-password'), 'my-secret');
  await userEvent.type(within(dialog).getByTestId('delete-account-confirm-username'), 'amin');
  expect(submit).toBeDisabled();
  await userEvent.type(within(dialog).getByTestId('delete-account-confirm-username'), 'a');
  expect(submit).toBeEnabled();
  await userEvent.click(submit);

  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  expect(api.bodiesOf(DELETE)).toEqual([{ password: 'my-secret' }]);
  expect(screen.getByTestId('toast')).toHaveTextContent('Your account and all its data have been deleted.');
  expect(localStorage.getItem('auth_token')).toBeNull();
  expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
  // The account is already gone: no logout call after it.
  expect(api.count('POST /api/auth/logout')).toBe(0);
});

test('with 2FA on: the code is asked and sent with the password', async () => {
  const api = stubApi({ [SECURITY]: ok(twoFactorOn), [DELETE]: ok(deleted) });
  renderAccount({ tab: 'security' });
  await screen.findByTestId('backup-codes-left');
  await userEvent.click(screen.getByTestId('delete-account-open'));
  const dialog = await screen.findByTestId('delete-account-dialog');
  await userEvent.type(within(dialog).getByTestId('delete-account-password'), 'my-secret');
  await userEvent.type(within(dialog).getByTestId('delete-account-confirm-username'), 'amina');
  expect(within(dialog).getByTestId('delete-account-submit')).toBeDisabled();
  await userEvent.type(within(dialog).getByTestId('delete-account-code'), '123 456');
  await userEvent.click(within(dialog).getByTestId('delete-account-submit'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  expect(api.bodiesOf(DELETE)).toEqual([{ password: 'my-secret', code: '123456' }]);
});

test('a wrong password is said in words and nothing ends', async () => {
  stubApi({
    [SECURITY]: ok(securityOf()),
    [DELETE]: fail(400, 'AUTH_WRONG_CURRENT_PASSWORD', 'Your current password is not correct.'),
  });
  renderAccount({ tab: 'security' });
  await userEvent.click(screen.getByTestId('delete-account-open'));
  const dialog = await screen.findByTestId('delete-account-dialog');
  await userEvent.type(within(dialog).getByTestId('delete-account-password'), 'nope');
  await userEvent.type(within(dialog).getByTestId('delete-account-confirm-username'), 'amina');
  await userEvent.click(within(dialog).getByTestId('delete-account-submit'));
  expect(await within(dialog).findByTestId('delete-account-error')).toHaveTextContent(
    'Your current password is not correct.',
  );
  expect(localStorage.getItem('auth_token')).toBe('token-1');
  expect(screen.getByTestId('location')).toHaveTextContent('/account?tab=security');
});

test('when the server says a code is needed, the code field appears', async () => {
  // The Security data could not load, so the page did not know 2FA was on.
  stubApi({ [DELETE]: fail(400, 'AUTH_TWO_FACTOR_CODE_REQUIRED', 'Code required') });
  renderAccount({ tab: 'security' });
  await userEvent.click(screen.getByTestId('delete-account-open'));
  const dialog = await screen.findByTestId('delete-account-dialog');
  await userEvent.type(within(dialog).getByTestId('delete-account-password'), 'my-secret');
  await userEvent.type(within(dialog).getByTestId('delete-account-confirm-username'), 'amina');
  await userEvent.click(within(dialog).getByTestId('delete-account-submit'));
  expect(await within(dialog).findByTestId('delete-account-code')).toBeInTheDocument();
  await waitFor(() =>
    expect(within(dialog).getByTestId('delete-account-error')).toHaveTextContent(
      'Enter a code from your authenticator app, or a backup code.',
    ),
  );
});
