import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  HISTORY,
  LATEST_EXPORT,
  SECURITY,
  STATUS,
  fail,
  ok,
  renderAccount,
  securityOf,
  statusOf,
  stubApi,
} from './testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const overviewApi = () => ({
  [STATUS]: ok(statusOf('BASIC_PLAN')),
  [LATEST_EXPORT]: fail(404, 'ACCOUNT_EXPORT_NOT_FOUND', 'No export yet.'),
});

test('renders its page frame, the seven tabs, and the overview by default', async () => {
  stubApi(overviewApi());
  renderAccount();
  expect(screen.getByTestId('account-page')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Kasa' })).toHaveAttribute('href', '/');
  const names = ['Overview', 'Profile', 'My farm', 'Subscription', 'Security', 'Preferences', 'Shared links'];
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(names);
  expect(screen.getByTestId('account-tab-overview')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('account-panel-overview')).toHaveAttribute('role', 'tabpanel');
  expect(await screen.findByTestId('usage-meter-messagesPerMonth')).toBeInTheDocument();
});

test('switching tabs shows that panel only and keeps the choice in the address', async () => {
  const api = stubApi({ ...overviewApi(), [SECURITY]: ok(securityOf()), [HISTORY]: ok({ payments: [] }) });
  renderAccount();
  await userEvent.click(screen.getByTestId('account-tab-subscription'));
  expect(screen.getByTestId('location')).toHaveTextContent('/account?tab=subscription');
  expect(screen.getByTestId('account-panel-subscription')).toBeInTheDocument();
  expect(screen.queryByTestId('account-panel-overview')).not.toBeInTheDocument();
  expect(await screen.findByText('No billing history available')).toBeInTheDocument();

  await userEvent.click(screen.getByTestId('account-tab-security'));
  expect(screen.getByTestId('location')).toHaveTextContent('/account?tab=security');
  expect(await screen.findByTestId('password-last-changed')).toBeInTheDocument();
  // A tab's data is asked for only once it is shown.
  expect(api.count(SECURITY)).toBe(1);
  expect(api.count(HISTORY)).toBe(1);
});

test('a reload on ?tab=preferences opens Preferences', async () => {
  stubApi(overviewApi());
  renderAccount({ tab: 'preferences' });
  expect(screen.getByTestId('account-tab-preferences')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('account-panel-preferences')).toBeInTheDocument();
});

test('an unknown tab in the address falls back to Overview', async () => {
  stubApi(overviewApi());
  renderAccount({ tab: 'billing' });
  expect(screen.getByTestId('account-tab-overview')).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(screen.getByTestId('usage-meter-messagesPerMonth')).toBeInTheDocument());
});

test('speaks French when the UI language is French', async () => {
  stubApi(overviewApi());
  renderAccount({ language: 'fr' });
  expect(screen.getByRole('heading', { level: 1, name: 'Votre compte' })).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'Aperçu',
    'Profil',
    'Ma ferme',
    'Abonnement',
    'Sécurité',
    'Préférences',
    'Liens partagés',
  ]);
  expect(await screen.findByText('Bienvenue, amina')).toBeInTheDocument();
});
