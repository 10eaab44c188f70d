import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CookieConsentBanner } from './CookieConsentBanner';
import { CookiePreferencesPanel } from './CookiePreferencesPanel';
import { cookieSessionId } from './cookie-session';
import { deferred, installLegalApiDouble, removeFetch } from './testing/legal-api-double';
import { renderInShell } from './testing/render';

let api: ReturnType<typeof installLegalApiDouble>;

beforeEach(() => {
  localStorage.clear();
  api = installLegalApiDouble();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  removeFetch();
});

const toggle = (category: string) => screen.getByTestId(`cookie-page-toggle-${category}`) as HTMLInputElement;
const states = () => ['necessary', 'analytics', 'marketing', 'preferences'].map((c) => toggle(c).checked);
const storeForThisLoad = (flags: { analytics: boolean; marketing: boolean; preferences: boolean }) =>
  api.stored.set(cookieSessionId, {
    sessionId: cookieSessionId,
    necessary: true,
    ...flags,
    updatedAt: '2025-05-01T10:00:00.000Z',
  });
const loaded = () => waitFor(() => expect(toggle('analytics')).toBeEnabled());

test("loads this load's stored choice and shows it", async () => {
  storeForThisLoad({ analytics: false, marketing: true, preferences: true });
  renderInShell(<CookiePreferencesPanel />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your saved choice...');
  await loaded();
  expect(states()).toEqual([true, false, true, true]);
  expect(api.gets()).toEqual([`/api/legal/cookie-preferences/${cookieSessionId}?type=session`]);
  expect(screen.queryByRole('status')).toBeNull();
});

test('nothing stored (null): necessary on, the rest off', async () => {
  renderInShell(<CookiePreferencesPanel />);
  await loaded();
  expect(states()).toEqual([true, false, false, false]);
  expect(screen.getByRole('heading', { name: 'Your cookie choice' })).toBeInTheDocument();
  expect(screen.getByTestId('cookie-page-accept-all')).toHaveTextContent(/^Accept All$/);
  expect(screen.getByTestId('cookie-page-reject-all')).toHaveTextContent(/^Reject All$/);
  expect(screen.getByTestId('cookie-page-save')).toHaveTextContent(/^Save$/);
});

test('the buttons wait for the stored choice (a save cannot race the load)', async () => {
  const answer = deferred<undefined>();
  api.override((request) => (request.method === 'GET' ? answer.promise : undefined));
  renderInShell(<CookiePreferencesPanel />);
  expect(screen.getByTestId('cookie-page-save')).toBeDisabled();
  expect(toggle('analytics')).toBeDisabled();
  answer.resolve(undefined);
  await loaded();
  expect(screen.getByTestId('cookie-page-save')).toBeEnabled();
});

test('a failed load shows the defaults, says so, and still lets the visitor save', async () => {
  api.override((request) =>
    request.method === 'GET' ? { status: 500, body: { message: 'boom' } } : undefined,
  );
  renderInShell(<CookiePreferencesPanel />);
  expect(await screen.findByTestId('cookie-page-load-failed')).toHaveTextContent(
    'Your saved choice could not be loaded, so the defaults are shown.',
  );
  expect(states()).toEqual([true, false, false, false]);
  await userEvent.click(screen.getByTestId('cookie-page-save'));
  await waitFor(() => expect(api.posts()).toHaveLength(1));
});

test("Save posts the current toggles, shows 'Preferences Saved' and records the answer", async () => {
  storeForThisLoad({ analytics: true, marketing: false, preferences: false });
  renderInShell(<CookiePreferencesPanel />);
  await loaded();
  await userEvent.click(toggle('marketing'));
  await userEvent.click(toggle('analytics'));
  await userEvent.click(screen.getByTestId('cookie-page-save'));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveAttribute('data-variant', 'default');
  expect(toast).toHaveTextContent('Preferences Saved');
  expect(toast).toHaveTextContent('Your cookie preferences have been updated.');
  expect(api.posts()).toEqual([
    { sessionId: cookieSessionId, necessary: true, analytics: false, marketing: true, preferences: false },
  ]);
  expect(api.stored.get(cookieSessionId)).toMatchObject({ analytics: false, marketing: true });
  expect(states()).toEqual([true, false, true, false]);
  expect(localStorage.getItem('cookieConsentGiven')).toBe('true');
});

test('Accept All posts every category true and shows them on', async () => {
  renderInShell(<CookiePreferencesPanel />);
  await loaded();
  await userEvent.click(screen.getByTestId('cookie-page-accept-all'));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Preferences Saved');
  expect(api.posts()).toEqual([
    { sessionId: cookieSessionId, necessary: true, analytics: true, marketing: true, preferences: true },
  ]);
  expect(states()).toEqual([true, true, true, true]);
});

test('Reject All posts all but necessary false', async () => {
  storeForThisLoad({ analytics: true, marketing: true, preferences: true });
  renderInShell(<CookiePreferencesPanel />);
  await loaded();
  expect(states()).toEqual([true, true, true, true]);
  await userEvent.click(screen.getByTestId('cookie-page-reject-all'));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Preferences Saved');
  expect(api.posts()).toEqual([
    { sessionId: cookieSessionId, necessary: true, analytics: false, marketing: false, preferences: false },
  ]);
  expect(states()).toEqual([true, false, false, false]);
});

test("a failed save shows the destructive toast 'Error' / 'Failed to save cookie preferences.', then what the server says went wrong", async () => {
  api.override((request) =>
    request.method === 'POST'
      ? {
          status: 500,
          body: {
            statusCode: 500,
            code: 'INTERNAL_ERROR',
            message: 'Something went wrong on our side. Please try again.',
          },
        }
      : undefined,
  );
  renderInShell(<CookiePreferencesPanel />);
  await loaded();
  await userEvent.click(toggle('preferences'));
  await userEvent.click(screen.getByTestId('cookie-page-save'));
  const toast = await screen.findByRole('alert');
  expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(within(toast).getByText('Error')).toBeInTheDocument();
  expect(toast).toHaveTextContent(
    'Failed to save cookie preferences. Something went wrong on our side. Please try again.',
  );
  expect(toast).not.toHaveTextContent('Preferences Saved');
  // The visitor's toggles stay as they set them, ready for another try.
  expect(states()).toEqual([true, false, false, true]);
  expect(api.stored.has(cookieSessionId)).toBe(false);
});

test('a network failure shows the same error toast', async () => {
  api.override((request) => {
    if (request.method === 'POST') throw new TypeError('Failed to fetch');
    return undefined;
  });
  renderInShell(<CookiePreferencesPanel />);
  await loaded();
  await userEvent.click(screen.getByTestId('cookie-page-accept-all'));
  expect(await screen.findByRole('alert')).toHaveTextContent('ErrorFailed to save cookie preferences.');
});

test('necessary cannot be unticked', async () => {
  renderInShell(<CookiePreferencesPanel />);
  await loaded();
  expect(toggle('necessary')).toBeDisabled();
  await userEvent.click(toggle('necessary'));
  await userEvent.click(screen.getByText('Always on'));
  expect(toggle('necessary')).toBeChecked();
});

test('saving on the page answers the banner too: it closes', async () => {
  renderInShell(
    <>
      <CookiePreferencesPanel />
      <CookieConsentBanner />
    </>,
  );
  await loaded();
  expect(screen.getByTestId('cookie-banner')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('cookie-page-reject-all'));
  await waitFor(() => expect(screen.queryByTestId('cookie-banner')).toBeNull());
  expect(api.posts()).toHaveLength(1);
});

test('French', async () => {
  api.override((request) => (request.method === 'POST' ? { status: 503 } : undefined));
  renderInShell(<CookiePreferencesPanel />, { language: 'fr' });
  await loaded();
  expect(screen.getByRole('heading', { name: 'Votre choix de cookies' })).toBeInTheDocument();
  expect(screen.getByTestId('cookie-page-accept-all')).toHaveTextContent('Tout accepter');
  expect(screen.getByTestId('cookie-page-reject-all')).toHaveTextContent('Tout refuser');
  expect(screen.getByTestId('cookie-page-save')).toHaveTextContent('Enregistrer');
  expect(screen.getByRole('switch', { name: 'Préférences' })).toBeEnabled();
  await userEvent.click(screen.getByTestId('cookie-page-save'));
  const toast = await screen.findByRole('alert');
  expect(toast).toHaveTextContent('Erreur');
  // No body, no code: the page's own words.
  expect(toast).toHaveTextContent("Échec de l'enregistrement des préférences de cookies.");
  await userEvent.click(within(toast).getByRole('button'));
  // A code: its French text.
  api.override((request) =>
    request.method === 'POST'
      ? {
          status: 400,
          body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'sessionId must be a string' },
        }
      : undefined,
  );
  await userEvent.click(screen.getByTestId('cookie-page-save'));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Certaines informations saisies ne sont pas valides. Vérifiez-les, puis réessayez.',
    ),
  );
  api.override(null);
  await userEvent.click(screen.getByTestId('cookie-page-save'));
  expect(await screen.findByRole('status')).toHaveTextContent('Préférences enregistrées');
});
