import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, amina, fail, renderAccount, stubApi } from '../testing/account-harness';

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

test('Edit → Save Changes sends PUT {username, email}, refetches the user and says Profile Updated', async () => {
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
  await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByTestId('toast')).toHaveTextContent('Profile Updated');
  expect(api.bodiesOf(PROFILE)).toEqual([{ username: 'amina_b', email: 'b@example.cm' }]);
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
