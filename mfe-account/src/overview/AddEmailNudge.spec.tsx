import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LATEST_EXPORT,
  STATUS,
  amina,
  fail,
  ok,
  renderAccount,
  statusOf,
  stubApi,
} from '../testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const noExport = fail(404, 'ACCOUNT_EXPORT_NOT_FOUND', 'No export yet.');
const withoutEmail = { ...amina, email: null };

test('an account without e-mail is told why to add one, and the action opens the form on the e-mail field', async () => {
  stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')), [LATEST_EXPORT]: noExport });
  renderAccount({ user: withoutEmail });
  const nudge = screen.getByRole('complementary', { name: 'Add an e-mail' });
  expect(nudge).toHaveTextContent(
    'Add an e-mail address: without one, a forgotten password cannot be reset.',
  );

  await userEvent.click(within(nudge).getByRole('link', { name: 'Add an e-mail' }));
  expect(await screen.findByTestId('profile-form')).toBeInTheDocument();
  expect(screen.getByTestId('account-tab-profile')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('profile-email-input')).toHaveFocus();
  // The request to open the form is used once: the address is the profile tab's again.
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/account\?tab=profile$/));
});

test('in French', () => {
  stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')), [LATEST_EXPORT]: noExport });
  renderAccount({ user: withoutEmail, language: 'fr' });
  const nudge = screen.getByTestId('add-email-nudge');
  expect(nudge).toHaveTextContent(
    'Ajoutez une adresse e-mail : sans elle, un mot de passe oublié ne peut pas être réinitialisé.',
  );
  expect(within(nudge).getByRole('link', { name: 'Ajouter un e-mail' })).toHaveAttribute(
    'href',
    '/account?tab=profile&edit=email',
  );
});

test('an account with an e-mail gets no nudge', async () => {
  stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')), [LATEST_EXPORT]: noExport });
  renderAccount();
  expect(await screen.findByTestId('account-plan-badge')).toBeInTheDocument();
  expect(screen.queryByTestId('add-email-nudge')).not.toBeInTheDocument();
});

test('the profile tab opened plainly shows the details, not the form', () => {
  stubApi({});
  renderAccount({ tab: 'profile', user: withoutEmail });
  expect(screen.getByTestId('account-profile-details')).toBeInTheDocument();
  expect(screen.queryByTestId('profile-form')).not.toBeInTheDocument();
});
