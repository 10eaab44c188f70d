import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import type { TwoFactorStatus } from '@kasa/contracts';
import { SECURITY, amina, fail, ok, renderAccount, securityOf, stubApi } from '../testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const CHANGE = 'POST /api/auth/change-password';
const SETUP = 'POST /api/auth/two-factor/setup';
const CONFIRM = 'POST /api/auth/two-factor/confirm';
const DISABLE = 'POST /api/auth/two-factor/disable';
const RENEW = 'POST /api/auth/two-factor/backup-codes';
const LOGOUT = 'POST /api/auth/logout';

const on: TwoFactorStatus = { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', backupCodesLeft: 10 };
const codes = Array.from('abcdefghjk', (letter) => `abcd${letter}-efgh${letter}`);

test('the password date is the real one from the server', async () => {
  stubApi({ [SECURITY]: ok(securityOf({ passwordChangedAt: '2025-03-01T12:00:00.000Z' })) });
  renderAccount({ tab: 'security' });
  expect(await screen.findByTestId('password-last-changed')).toHaveTextContent(
    'Last changed on 1 March 2025',
  );
});

test("a password changed today says 'Last changed today'", async () => {
  stubApi({ [SECURITY]: ok(securityOf({ passwordChangedAt: new Date().toISOString() })) });
  renderAccount({ tab: 'security' });
  expect(await screen.findByTestId('password-last-changed')).toHaveTextContent('Last changed today');
});

async function fillPasswords(current: string, next: string, confirm: string) {
  await userEvent.type(screen.getByTestId('current-password'), current);
  await userEvent.type(screen.getByTestId('new-password'), next);
  await userEvent.type(screen.getByTestId('confirm-password'), confirm);
  await userEvent.click(screen.getByTestId('change-password-submit'));
}

test('new passwords that differ, or are too short, are refused before anything is sent', async () => {
  const api = stubApi({ [SECURITY]: ok(securityOf()) });
  renderAccount({ tab: 'security' });
  expect(screen.getByTestId('account-change-password')).toHaveTextContent('At least 6 characters.');
  await fillPasswords('old-secret', 'new-secret', 'new-secreT');
  expect(screen.getByTestId('password-problem')).toHaveTextContent(
    "Passwords Don't Match: Please make sure both password fields match.",
  );
  await userEvent.clear(screen.getByTestId('new-password'));
  await userEvent.type(screen.getByTestId('new-password'), 'abc');
  await userEvent.click(screen.getByTestId('change-password-submit'));
  expect(screen.getByTestId('password-problem')).toHaveTextContent(
    'Password must be at least 6 characters long.',
  );
  expect(api.count(CHANGE)).toBe(0);
});

test('a password change stores the new token, refetches the security data and says the other sessions ended', async () => {
  let changed = false;
  const api = stubApi({
    [SECURITY]: () => ({
      status: 200,
      body: securityOf({
        passwordChangedAt: changed ? new Date().toISOString() : '2025-03-01T12:00:00.000Z',
      }),
    }),
    [CHANGE]: () => {
      changed = true;
      return { status: 200, body: { token: 'token-2', user: amina } };
    },
  });
  renderAccount({ tab: 'security' });
  expect(await screen.findByTestId('password-last-changed')).toHaveTextContent('1 March 2025');
  await fillPasswords('old-secret', 'new-secret', 'new-secret');
  expect(await screen.findByTestId('toast')).toHaveTextContent('Password Changed');
  expect(screen.getByTestId('toast')).toHaveTextContent('Your other sessions have been signed out.');
  expect(api.bodiesOf(CHANGE)).toEqual([{ currentPassword: 'old-secret', newPassword: 'new-secret' }]);
  expect(localStorage.getItem('auth_token')).toBe('token-2');
  await waitFor(() =>
    expect(screen.getByTestId('password-last-changed')).toHaveTextContent('Last changed today'),
  );
  // The refetch already carries the new token.
  expect(api.calls.filter((c) => c.call === SECURITY).at(-1)?.token).toBe('token-2');
  expect(screen.getByTestId('current-password')).toHaveValue('');
});

test('a wrong current password is said in words', async () => {
  stubApi({
    [SECURITY]: ok(securityOf()),
    [CHANGE]: fail(400, 'AUTH_WRONG_CURRENT_PASSWORD', 'Current password is incorrect'),
  });
  renderAccount({ tab: 'security' });
  await fillPasswords('wrong-one', 'new-secret', 'new-secret');
  await waitFor(() =>
    expect(screen.getByTestId('toast')).toHaveTextContent('Your current password is not correct.'),
  );
  expect(localStorage.getItem('auth_token')).toBe('token-1');
});

test('2FA enrolment: QR code and secret, a code, then the ten backup codes once', async () => {
  let enabled = false;
  const api = stubApi({
    [SECURITY]: () => ({
      status: 200,
      body: securityOf({ twoFactor: enabled ? on : securityOf().twoFactor }),
    }),
    [SETUP]: ok({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/Kasa:amina?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Kasa',
      qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
      issuer: 'Kasa',
      accountName: 'amina',
    }),
    [CONFIRM]: (body) => {
      if ((body as { code: string }).code !== '123456') {
        return {
          status: 400,
          body: { statusCode: 400, code: 'AUTH_TWO_FACTOR_CODE_WRONG', message: 'Wrong code' },
        };
      }
      enabled = true;
      return {
        status: 200,
        body: { ok: true, message: 'Two-factor sign-in is on.', backupCodes: codes, twoFactor: on },
      };
    },
  });
  renderAccount({ tab: 'security' });
  expect(await screen.findByTestId('two-factor-status')).toHaveTextContent('Off');
  await userEvent.click(screen.getByTestId('two-factor-enable'));

  const dialog = await screen.findByTestId('two-factor-dialog');
  const qr = within(dialog).getByRole('img', { name: 'QR code for your authenticator app' });
  expect(qr.getAttribute('src')).toBe(
    `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>')}`,
  );
  const secret = within(dialog).getByTestId('two-factor-secret');
  expect(secret).toHaveAttribute('data-secret', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  expect(secret).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

  // A code of the wrong shape is not sent.
  await userEvent.type(within(dialog).getByTestId('two-factor-confirm-code'), '12345');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Verify and enable' }));
  expect(api.count(CONFIRM)).toBe(0);
  expect(dialog).toHaveTextContent('Enter the 6 digits your authenticator app shows.');

  await userEvent.clear(within(dialog).getByTestId('two-factor-confirm-code'));
  await userEvent.type(within(dialog).getByTestId('two-factor-confirm-code'), '123 456');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Verify and enable' }));
  const list = await within(dialog).findByTestId('backup-codes');
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(codes);
  expect(api.bodiesOf(CONFIRM)).toEqual([{ code: '123456' }]);
  const download = within(dialog).getByTestId('backup-codes-download');
  expect(download).toHaveAttribute('download', 'kasa-backup-codes.txt');
  expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(codes.join('\n'));

  await userEvent.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
  await waitFor(() => expect(screen.queryByTestId('backup-codes')).not.toBeInTheDocument());
  expect(screen.getByTestId('two-factor-status')).toHaveTextContent('On since 20 November 2026');
  expect(screen.getByTestId('backup-codes-left')).toHaveTextContent('Backup codes left: 10');
  expect(api.count(SETUP)).toBe(1);
});

test('a wrong confirmation code is said in words and the dialog stays', async () => {
  stubApi({
    [SECURITY]: ok(securityOf()),
    [SETUP]: ok({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://x',
      qrCodeSvg: '<svg/>',
      issuer: 'Kasa',
      accountName: 'amina',
    }),
    [CONFIRM]: fail(400, 'AUTH_TWO_FACTOR_CODE_WRONG', 'Wrong code'),
  });
  renderAccount({ tab: 'security' });
  await userEvent.click(await screen.findByTestId('two-factor-enable'));
  const dialog = await screen.findByTestId('two-factor-dialog');
  await userEvent.type(within(dialog).getByTestId('two-factor-confirm-code'), '000000');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Verify and enable' }));
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('That code is not correct'));
  expect(screen.getByTestId('two-factor-dialog')).toBeInTheDocument();
});

test('Disable 2FA asks a code (a backup code works) and turns it off', async () => {
  const off: TwoFactorStatus = { enabled: false, enabledAt: null, backupCodesLeft: 0 };
  let twoFactor = on;
  const api = stubApi({
    [SECURITY]: () => ({ status: 200, body: securityOf({ twoFactor }) }),
    [DISABLE]: () => {
      twoFactor = off;
      return { status: 200, body: { ok: true, message: 'Off.', twoFactor: off } };
    },
  });
  renderAccount({ tab: 'security' });
  await userEvent.click(await screen.findByTestId('two-factor-disable'));
  const dialog = await screen.findByTestId('two-factor-dialog');
  await userEvent.type(within(dialog).getByTestId('two-factor-disable-code'), 'ABCDE-FGHJK');
  await userEvent.click(within(dialog).getByTestId('two-factor-disable-submit'));
  await waitFor(() => expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Off'));
  expect(api.bodiesOf(DISABLE)).toEqual([{ code: 'abcde-fghjk' }]);
  expect(screen.queryByTestId('two-factor-dialog')).not.toBeInTheDocument();
});

test.each([
  [
    'en',
    'Too many wrong codes: two-factor sign-in is locked for this account. Try again in 15 minutes, or use the unlock link we sent by e-mail.',
  ],
  [
    'fr',
    'Trop de codes erronés : la connexion en deux étapes est verrouillée pour ce compte. Réessayez dans 15 minutes, ou utilisez le lien de déverrouillage envoyé par e-mail.',
  ],
] as const)(
  'a locked second factor (%s) says how long, and where the unlock link is',
  async (language, text) => {
    stubApi({
      [SECURITY]: ok(securityOf({ twoFactor: on })),
      [DISABLE]: () => ({
        status: 429,
        headers: { 'retry-after': '900' },
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          code: 'AUTH_TWO_FACTOR_LOCKED',
          message: 'Locked.',
        },
      }),
    });
    renderAccount({ tab: 'security', language });
    await userEvent.click(await screen.findByTestId('two-factor-disable'));
    const dialog = await screen.findByTestId('two-factor-dialog');
    await userEvent.type(within(dialog).getByTestId('two-factor-disable-code'), '123456');
    await userEvent.click(within(dialog).getByTestId('two-factor-disable-submit'));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(text));
    expect(screen.getByTestId('two-factor-dialog')).toBeInTheDocument();
  },
);

test('New backup codes asks a TOTP code and shows the new set once', async () => {
  let twoFactor = { ...on, backupCodesLeft: 2 };
  const api = stubApi({
    [SECURITY]: () => ({ status: 200, body: securityOf({ twoFactor }) }),
    [RENEW]: () => {
      twoFactor = on;
      return { status: 200, body: { ok: true, message: 'New codes.', backupCodes: codes, twoFactor: on } };
    },
  });
  renderAccount({ tab: 'security' });
  expect(await screen.findByTestId('backup-codes-left')).toHaveTextContent('Backup codes left: 2');
  await userEvent.click(screen.getByTestId('two-factor-renew'));
  const dialog = await screen.findByTestId('two-factor-dialog');
  await userEvent.type(within(dialog).getByTestId('two-factor-renew-code'), '654321');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Get new codes' }));
  expect(within(await within(dialog).findByTestId('backup-codes')).getAllByRole('listitem')).toHaveLength(10);
  expect(api.bodiesOf(RENEW)).toEqual([{ code: '654321' }]);
  expect(screen.getByTestId('backup-codes-left')).toHaveTextContent('Backup codes left: 10');
});

test('Sign out everywhere revokes every token, forgets this one and goes home', async () => {
  const api = stubApi({ [SECURITY]: ok(securityOf()), [LOGOUT]: ok({ ok: true, message: 'Signed out.' }) });
  const { queryClient } = renderAccount({ tab: 'security' });
  expect(screen.getByTestId('account-sign-out-everywhere')).toHaveTextContent(
    'Signs you out on every phone and computer, this one included.',
  );
  await userEvent.click(screen.getByTestId('sign-out-everywhere'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  expect(api.count(LOGOUT)).toBe(1);
  expect(api.calls.find((c) => c.call === LOGOUT)?.token).toBe('token-1');
  expect(localStorage.getItem('auth_token')).toBeNull();
  expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
});

test('Sign out everywhere that fails keeps the session and says so', async () => {
  stubApi({ [SECURITY]: ok(securityOf()) });
  renderAccount({ tab: 'security' });
  await userEvent.click(screen.getByTestId('sign-out-everywhere'));
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Sign-out failed'));
  expect(localStorage.getItem('auth_token')).toBe('token-1');
  expect(screen.getByTestId('location')).toHaveTextContent('/account?tab=security');
});
