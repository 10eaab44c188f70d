import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CookieConsentBanner } from './CookieConsentBanner';
import { CookiePreferencesPanel } from './CookiePreferencesPanel';
import { cookieSessionId } from './cookie-session';
import { deferred, installLegalApiDouble, removeFetch } from './testing/legal-api-double';
import { renderInShell } from './testing/render';

let api: ReturnType<typeof installLegalApiDouble>;
let warn: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  api = installLegalApiDouble();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  removeFetch();
});

/** Customize, then wait for the toggles (they load on demand). */
async function openCustomize() {
  await userEvent.click(screen.getByTestId('cookie-customize'));
  await screen.findByTestId('cookie-toggle-necessary');
}

const banner = () => screen.queryByTestId('cookie-banner');
const flag = () => localStorage.getItem('cookieConsentGiven');
const all = { necessary: true, analytics: true, marketing: true, preferences: true };
const necessaryOnly = { necessary: true, analytics: false, marketing: false, preferences: false };

test('the compact bar: short text, link to the cookie policy, Customize, Necessary Only, Accept All, close', () => {
  renderInShell(<CookieConsentBanner />);
  const bar = screen.getByRole('region', { name: 'Cookie consent' });
  expect(bar).toHaveAttribute('data-testid', 'cookie-banner');
  expect(bar).toHaveTextContent('Kasa uses cookies and local storage');
  expect(within(bar).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/legal/cookies');
  expect(screen.getByTestId('cookie-customize')).toHaveTextContent(/^Customize$/);
  expect(screen.getByTestId('cookie-necessary-only')).toHaveTextContent(/^Necessary Only$/);
  expect(screen.getByTestId('cookie-accept-all')).toHaveTextContent(/^Accept All$/);
  expect(screen.getByTestId('cookie-close')).toHaveAccessibleName('Close: keep only necessary cookies');
  expect(screen.queryByTestId('cookie-panel')).toBeNull();
  expect(screen.queryAllByRole('switch')).toHaveLength(0);
  expect(api.seen).toEqual([]); // nothing is fetched just to show the bar
});

test("Accept All posts every category true with this load's session id, sets the flag and closes", async () => {
  renderInShell(<CookieConsentBanner />);
  await userEvent.click(screen.getByTestId('cookie-accept-all'));
  await waitFor(() => expect(banner()).toBeNull());
  expect(api.posts()).toEqual([{ sessionId: cookieSessionId, ...all }]);
  expect(api.seen[0]).toMatchObject({
    url: '/api/legal/cookie-preferences',
    contentType: 'application/json',
  });
  expect(api.stored.get(cookieSessionId)).toMatchObject(all);
  expect(flag()).toBe('true');
  expect(warn).not.toHaveBeenCalled();
});

test('Necessary Only posts only necessary true', async () => {
  renderInShell(<CookieConsentBanner />);
  await userEvent.click(screen.getByTestId('cookie-necessary-only'));
  await waitFor(() => expect(banner()).toBeNull());
  expect(api.posts()).toEqual([{ sessionId: cookieSessionId, ...necessaryOnly }]);
  expect(flag()).toBe('true');
});

test('Customize opens the full panel: necessary locked on, three choices off, each described', async () => {
  renderInShell(<CookieConsentBanner />);
  await openCustomize();
  const panel = screen.getByTestId('cookie-panel');
  expect(within(panel).getByRole('heading', { name: 'Cookie preferences' })).toHaveFocus();
  const switches = within(panel).getAllByRole('switch');
  expect(switches.map((s) => s.getAttribute('data-testid'))).toEqual([
    'cookie-toggle-necessary',
    'cookie-toggle-analytics',
    'cookie-toggle-marketing',
    'cookie-toggle-preferences',
  ]);
  expect(switches.map((s) => (s as HTMLInputElement).checked)).toEqual([true, false, false, false]);
  expect(screen.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
  expect(screen.getByRole('switch', { name: 'Analytics' })).toHaveAccessibleDescription(
    'Show us which screens are slow or confusing, so we can improve Kasa.',
  );
  expect(screen.getByRole('switch', { name: 'Marketing' })).toHaveAccessibleDescription(
    'Measure or personalise how Kasa is promoted.',
  );
  expect(screen.getByRole('switch', { name: 'Preferences' })).toHaveAccessibleDescription(
    'Remember extra choices that Kasa does not need to work.',
  );
  expect(screen.getByTestId('cookie-save')).toHaveTextContent(/^Save Preferences$/);
  expect(screen.getByTestId('cookie-accept-all')).toHaveTextContent(/^Accept All$/);
  expect(screen.getByTestId('cookie-necessary-only')).toHaveTextContent(/^Necessary Only$/);
  expect(screen.queryByTestId('cookie-customize')).toBeNull();
  expect(api.seen).toEqual([]);
});

test('necessary cannot be unticked, neither on the switch nor on its row', async () => {
  renderInShell(<CookieConsentBanner />);
  await openCustomize();
  const necessary = screen.getByTestId('cookie-toggle-necessary');
  await userEvent.click(necessary);
  await userEvent.click(screen.getByText('Always on'));
  expect(necessary).toBeChecked();
  await userEvent.click(screen.getByTestId('cookie-save'));
  await waitFor(() => expect(banner()).toBeNull());
  expect(api.posts()).toEqual([{ sessionId: cookieSessionId, ...necessaryOnly }]);
});

test('Save Preferences posts the current toggles (tapping a row toggles it)', async () => {
  renderInShell(<CookieConsentBanner />);
  await openCustomize();
  await userEvent.click(screen.getByTestId('cookie-toggle-analytics'));
  await userEvent.click(screen.getByText('Remember extra choices that Kasa does not need to work.'));
  await userEvent.click(screen.getByTestId('cookie-toggle-marketing'));
  await userEvent.click(screen.getByTestId('cookie-toggle-marketing'));
  expect(screen.getByTestId('cookie-toggle-analytics')).toBeChecked();
  expect(screen.getByTestId('cookie-toggle-preferences')).toBeChecked();
  expect(screen.getByTestId('cookie-toggle-marketing')).not.toBeChecked();
  await userEvent.click(screen.getByTestId('cookie-save'));
  await waitFor(() => expect(banner()).toBeNull());
  expect(api.posts()).toEqual([
    { sessionId: cookieSessionId, necessary: true, analytics: true, marketing: false, preferences: true },
  ]);
  expect(flag()).toBe('true');
});

test.each([
  ['cookie-accept-all', all],
  ['cookie-necessary-only', necessaryOnly],
])('in the panel, %s ignores the toggles and posts its fixed choice', async (testId, expected) => {
  renderInShell(<CookieConsentBanner />);
  await openCustomize();
  await userEvent.click(screen.getByTestId('cookie-toggle-marketing'));
  await userEvent.click(screen.getByTestId(testId));
  await waitFor(() => expect(banner()).toBeNull());
  expect(api.posts()).toEqual([{ sessionId: cookieSessionId, ...expected }]);
});

test('a server error is only logged: the flag is set and the banner closes, no toast', async () => {
  api.override(() => ({ status: 500, body: { statusCode: 500, message: 'Internal server error' } }));
  renderInShell(<CookieConsentBanner />);
  await userEvent.click(screen.getByTestId('cookie-accept-all'));
  await waitFor(() => expect(banner()).toBeNull());
  expect(flag()).toBe('true');
  expect(warn).toHaveBeenCalledWith(
    'Failed to save preferences',
    expect.objectContaining({ message: '500: Internal server error' }),
  );
  expect(screen.queryByTestId('toast')).toBeNull();
  expect(api.posts()).toHaveLength(1);
});

test('a network failure is only logged too', async () => {
  api.override(() => {
    throw new TypeError('Failed to fetch');
  });
  renderInShell(<CookieConsentBanner />);
  await userEvent.click(screen.getByTestId('cookie-necessary-only'));
  await waitFor(() => expect(banner()).toBeNull());
  expect(flag()).toBe('true');
  expect(warn).toHaveBeenCalledWith('Failed to save preferences', expect.any(TypeError));
  expect(screen.queryByTestId('toast')).toBeNull();
});

test('the close control sets the flag and declines without posting', async () => {
  renderInShell(<CookieConsentBanner />);
  await userEvent.click(screen.getByTestId('cookie-close'));
  expect(banner()).toBeNull();
  expect(flag()).toBe('true');
  expect(api.seen).toEqual([]);
});

test('close from the open panel also posts nothing', async () => {
  renderInShell(<CookieConsentBanner />);
  await openCustomize();
  await userEvent.click(screen.getByTestId('cookie-toggle-analytics'));
  await userEvent.click(screen.getByTestId('cookie-close'));
  expect(banner()).toBeNull();
  expect(flag()).toBe('true');
  expect(api.seen).toEqual([]);
});

test('no banner when the flag exists', () => {
  localStorage.setItem('cookieConsentGiven', 'true');
  renderInShell(<CookieConsentBanner />);
  expect(banner()).toBeNull();
  expect(api.seen).toEqual([]);
});

test('every button is disabled while the choice is being saved, and the flag waits for the answer', async () => {
  const answer = deferred<undefined>();
  api.override(() => answer.promise);
  renderInShell(<CookieConsentBanner />);
  await userEvent.click(screen.getByTestId('cookie-accept-all'));
  for (const id of ['cookie-customize', 'cookie-necessary-only', 'cookie-accept-all', 'cookie-close']) {
    expect(screen.getByTestId(id)).toBeDisabled();
  }
  expect(flag()).toBeNull();
  // A second tap (the disabled button ignores pointer events; fire the click directly) posts nothing.
  fireEvent.click(screen.getByTestId('cookie-necessary-only'));
  expect(api.posts()).toHaveLength(1);
  await act(async () => answer.resolve(undefined));
  await waitFor(() => expect(banner()).toBeNull());
  expect(flag()).toBe('true');
});

test('an answer given in another tab closes the banner here', () => {
  renderInShell(<CookieConsentBanner />);
  expect(banner()).not.toBeNull();
  act(() => {
    localStorage.setItem('cookieConsentGiven', 'true');
    window.dispatchEvent(new StorageEvent('storage', { key: 'cookieConsentGiven', newValue: 'true' }));
  });
  expect(banner()).toBeNull();
});

test('the cookie page then shows the banner choice without asking the server again', async () => {
  renderInShell(
    <>
      <CookieConsentBanner />
      <CookiePreferencesPanel />
    </>,
  );
  await waitFor(() => expect(api.gets()).toHaveLength(1));
  await userEvent.click(screen.getByTestId('cookie-accept-all'));
  await waitFor(() => expect(banner()).toBeNull());
  expect(screen.getByTestId('cookie-page-toggle-analytics')).toBeChecked();
  expect(screen.getByTestId('cookie-page-toggle-marketing')).toBeChecked();
  expect(api.gets()).toHaveLength(1);
});

test('French', async () => {
  renderInShell(<CookieConsentBanner />, { language: 'fr' });
  const bar = screen.getByRole('region', { name: 'Consentement aux cookies' });
  expect(bar).toHaveTextContent('Kasa utilise des cookies et le stockage local');
  expect(within(bar).getByRole('link', { name: 'Politique relative aux cookies' })).toBeInTheDocument();
  expect(screen.getByTestId('cookie-customize')).toHaveTextContent('Personnaliser');
  expect(screen.getByTestId('cookie-necessary-only')).toHaveTextContent('Nécessaires uniquement');
  expect(screen.getByTestId('cookie-accept-all')).toHaveTextContent('Tout accepter');
  expect(screen.getByTestId('cookie-close')).toHaveAccessibleName(
    'Fermer : ne garder que les cookies nécessaires',
  );
  await openCustomize();
  expect(screen.getByRole('heading', { name: 'Préférences de cookies' })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Nécessaires' })).toBeDisabled();
  expect(screen.getByRole('switch', { name: 'Statistiques' })).toHaveAccessibleDescription(
    'Nous montrent quels écrans sont lents ou peu clairs, pour que nous améliorions Kasa.',
  );
  expect(screen.getByTestId('cookie-save')).toHaveTextContent('Enregistrer les préférences');
});
