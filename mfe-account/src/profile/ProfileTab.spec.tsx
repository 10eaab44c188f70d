import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SECURITY,
  USER,
  amina,
  fail,
  ok,
  renderAccount,
  securityOf,
  stubApi,
} from '../testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const PROFILE = 'PUT /api/auth/profile';

test('shows the username and e-mail read-only, with Edit and the reset-code note', () => {
  stubApi({});
  renderAccount({ tab: 'profile' });
  expect(screen.getByTestId('account-username')).toHaveTextContent('amina');
  expect(screen.getByTestId('account-profile-email')).toHaveTextContent('amina@example.cm');
  expect(screen.getByTestId('account-profile')).toHaveTextContent(
    'Password reset codes are sent to this e-mail.',
  );
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.getByTestId('profile-edit')).toHaveTextContent('Edit');
});

test('Edit → Save Changes sends PUT {username, email, currentPassword}, refetches the user and says Profile Updated', async () => {
  const renamed = { ...amina, username: 'amina_b', email: 'b@example.cm' };
  let saved = false;
  const api = stubApi({
    [PROFILE]: () => {
      saved = true;
      return { status: 200, body: { user: renamed } };
    },
    [USER]: () => ({ status: 200, body: { user: saved ? renamed : amina } }),
  });
  renderAccount({ tab: 'profile' });
  await userEvent.click(screen.getByTestId('profile-edit'));
  const email = screen.getByTestId('profile-email-input');
  expect(email).toHaveAttribute('type', 'email');
  await userEvent.clear(screen.getByTestId('profile-username-input'));
  await userEvent.type(screen.getByTestId('profile-username-input'), 'amina_b');
  await userEvent.clear(email);
  await userEvent.type(email, 'b@example.cm');
  await userEvent.type(screen.getByTestId('profile-current-password'), 'secret12');
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByTestId('toast')).toHaveTextContent('Profile Updated');
  expect(api.bodiesOf(PROFILE)).toEqual([
    { username: 'amina_b', email: 'b@example.cm', currentPassword: 'secret12' },
  ]);
  await waitFor(() => expect(api.count(USER)).toBe(1));
  expect(screen.getByTestId('account-username')).toHaveTextContent('amina_b');
  expect(screen.getByTestId('account-profile-email')).toHaveTextContent('b@example.cm');
});

test("a taken username: 'Update Failed' with the code's text, and the form stays open", async () => {
  const api = stubApi({ [PROFILE]: fail(409, 'AUTH_USERNAME_TAKEN', 'Username already exists') });
  renderAccount({ tab: 'profile' });
  await userEvent.click(screen.getByTestId('profile-edit'));
  await userEvent.clear(screen.getByTestId('profile-username-input'));
  await userEvent.type(screen.getByTestId('profile-username-input'), 'kofi');
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Update Failed');
  await waitFor(() =>
    expect(toast).toHaveTextContent('That username is already taken. Please choose another one.'),
  );
  expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(api.count(PROFILE)).toBe(1);
  expect(screen.getByTestId('profile-username-input')).toHaveValue('kofi');
});

test('a new username alone asks for no password and sends none', async () => {
  const api = stubApi({ [PROFILE]: ok({ user: { ...amina, username: 'amina_c' } }) });
  renderAccount({ tab: 'profile' });
  await userEvent.click(screen.getByTestId('profile-edit'));
  await userEvent.clear(screen.getByTestId('profile-username-input'));
  await userEvent.type(screen.getByTestId('profile-username-input'), 'amina_c');
  expect(screen.queryByTestId('profile-current-password')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Profile Updated');
  expect(api.bodiesOf(PROFILE)).toEqual([{ username: 'amina_c', email: 'amina@example.cm' }]);
  expect(api.count(SECURITY)).toBe(0);
});

test('a changed e-mail asks for the password (why, in French too); a wrong one says so', async () => {
  const api = stubApi({
    [PROFILE]: fail(400, 'AUTH_WRONG_CURRENT_PASSWORD', 'Your current password is not correct.'),
    [SECURITY]: ok(securityOf()),
  });
  renderAccount({ tab: 'profile', language: 'fr' });
  await userEvent.click(screen.getByTestId('profile-edit'));
  await userEvent.clear(screen.getByTestId('profile-email-input'));
  expect(screen.getByLabelText('Mot de passe actuel')).toBe(screen.getByTestId('profile-current-password'));
  expect(screen.getByTestId('profile-form')).toHaveTextContent(
    "Votre adresse reçoit les codes de réinitialisation du mot de passe : la changer demande votre mot de passe. Nous prévenons l'adresse remplacée.",
  );
  await userEvent.type(screen.getByTestId('profile-current-password'), 'oops');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  const toast = await screen.findByTestId('toast');
  await waitFor(() => expect(toast).toHaveTextContent("Votre mot de passe actuel n'est pas correct."));
  expect(api.bodiesOf(PROFILE)).toEqual([{ username: 'amina', email: '', currentPassword: 'oops' }]);
  expect(screen.queryByTestId('profile-code')).toBeNull();
});

test('with two-factor sign-in on, a changed e-mail also asks for a code', async () => {
  const renamed = { ...amina, email: 'new@example.cm' };
  const api = stubApi({
    [PROFILE]: ok({ user: renamed }),
    [USER]: ok({ user: renamed }),
    [SECURITY]: ok(
      securityOf({ twoFactor: { enabled: true, enabledAt: '2026-11-01T00:00:00.000Z', backupCodesLeft: 9 } }),
    ),
  });
  renderAccount({ tab: 'profile' });
  await userEvent.click(screen.getByTestId('profile-edit'));
  await userEvent.clear(screen.getByTestId('profile-email-input'));
  await userEvent.type(screen.getByTestId('profile-email-input'), 'new@example.cm');
  const codeField = await screen.findByTestId('profile-code');
  expect(screen.getByLabelText('Two-factor code')).toBe(codeField);
  await userEvent.type(screen.getByTestId('profile-current-password'), 'secret12');
  await userEvent.type(codeField, '123 456');
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Profile Updated');
  expect(api.bodiesOf(PROFILE)).toEqual([
    { username: 'amina', email: 'new@example.cm', currentPassword: 'secret12', code: '123456' },
  ]);
});

test('when the server asks for a code the Security data did not announce, the code field appears', async () => {
  const api = stubApi({
    [PROFILE]: fail(
      400,
      'AUTH_TWO_FACTOR_CODE_REQUIRED',
      'Enter a code from your authenticator app, or a backup code.',
    ),
  });
  renderAccount({ tab: 'profile' });
  await userEvent.click(screen.getByTestId('profile-edit'));
  await userEvent.type(screen.getByTestId('profile-email-input'), 'x');
  await userEvent.type(screen.getByTestId('profile-current-password'), 'secret12');
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByTestId('profile-code')).toBeInTheDocument();
  expect(await screen.findByTestId('toast')).toHaveTextContent(
    'Enter a code from your authenticator app, or a backup code.',
  );
  expect(api.count(PROFILE)).toBe(1);
});

test('Cancel leaves edit mode without sending anything', async () => {
  const api = stubApi({});
  renderAccount({ tab: 'profile' });
  await userEvent.click(screen.getByTestId('profile-edit'));
  await userEvent.type(screen.getByTestId('profile-username-input'), 'x');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByTestId('account-username')).toHaveTextContent('amina');
  expect(api.calls).toHaveLength(0);
});

test('signed out (standalone, no stored token) the profile says so without asking the server', async () => {
  const api = stubApi({});
  renderAccount({ tab: 'profile', user: null });
  expect(await screen.findByText('You are not signed in.')).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

test("the profile's failure to load, by its code, in French", async () => {
  localStorage.setItem('auth_token', 'token-1');
  stubApi({ [USER]: fail(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.') });
  renderAccount({ tab: 'profile', user: null, language: 'fr' });
  expect(
    await screen.findByText('Une erreur est survenue de notre côté. Veuillez réessayer.'),
  ).toBeInTheDocument();
});
