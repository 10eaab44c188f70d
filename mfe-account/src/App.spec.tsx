import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY, createQueryClient } from '@kasa/api-client';
import type { AuthUser } from '@kasa/contracts';
import { KasaUiProvider, type Language } from '@kasa/ui';
import App from './App';

function renderApp(path = '/', initialLanguage?: Language, queryClient: QueryClient = createQueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <KasaUiProvider
          appInfo={{ appName: 'Kasa', assistantName: 'Kasa' }}
          initialLanguage={initialLanguage}
        >
          <App />
        </KasaUiProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const amina: AuthUser = {
  id: 'u1',
  username: 'amina',
  email: 'amina@example.cm',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/**
 * The network boundary: jsdom has no fetch. Signed in = a stored token that the (stubbed) API accepts
 * for GET /api/auth/user, which answers with this user; any other request fails as offline.
 */
function signInAs(user: AuthUser) {
  localStorage.setItem('auth_token', 'token-1');
  const stub = jest.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== '/api/auth/user') throw new TypeError('Failed to fetch');
    const text = JSON.stringify({ user });
    return {
      ok: true,
      status: 200,
      statusText: '',
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => JSON.parse(text),
      text: async () => text,
    } as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = stub;
  return stub;
}

/** The session the shell fetched a while ago (older than the 1 s staleTime, so mounting refetches). */
function seedSession(queryClient: QueryClient, user: AuthUser) {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user, { updatedAt: Date.now() - 5000 });
}

/** The request the profile made: GET /api/auth/user with the stored token. */
function expectUserRequest(stub: jest.Mock) {
  expect(stub).toHaveBeenCalledTimes(1);
  const [url, init] = stub.mock.calls[0] as [string, RequestInit];
  expect(url).toBe('/api/auth/user');
  expect(init.method ?? 'GET').toBe('GET');
  expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

test('renders its page frame inside the providers', () => {
  renderApp();
  expect(screen.getByTestId('account-page')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Kasa' })).toHaveAttribute('href', '/');
  for (const [label, href] of [
    ['Chat', '/chat'],
    ['AI Studio', '/ai-studio'],
    ['Subscription', '/subscription'],
    ['Account', '/account'],
  ]) {
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
  }
  expect(screen.getAllByTestId('theme-toggle').length).toBeGreaterThan(0);
});

test('shows only real controls: every button does something (language and theme switches)', () => {
  renderApp();
  for (const button of screen.queryAllByRole('button')) {
    expect(['theme-toggle', 'language-switch']).toContain(button.getAttribute('data-testid'));
  }
});

test('the preferences theme control switches the whole page to black and white', async () => {
  localStorage.clear();
  renderApp('/account');
  expect(screen.getByTestId('account-theme-mode')).toHaveTextContent('Colour');
  await userEvent.click(screen.getAllByRole('button', { name: 'White Mode' })[1]);
  expect(screen.getByTestId('account-theme-mode')).toHaveTextContent('Black and white');
  expect(localStorage.getItem('kasa-theme')).toBe('mono');
  expect(screen.getAllByRole('button', { name: 'Color Mode' })).toHaveLength(2);
});

test('the profile shows the username and e-mail the server returns for the signed-in user', async () => {
  const fetchStub = signInAs(amina);
  renderApp('/account');
  expect(screen.getByTestId('account-profile')).toHaveTextContent('Loading your profile...');
  expect(await screen.findByTestId('account-username')).toHaveTextContent('amina');
  expect(screen.getByTestId('account-email')).toHaveTextContent('amina@example.cm');
  expect(screen.getByTestId('account-profile')).toHaveTextContent('Usernameamina');
  expect(screen.getByTestId('account-profile')).toHaveTextContent('E-mailamina@example.cm');
  expect(screen.getByTestId('account-profile')).not.toHaveTextContent(/once you are signed in/);
  expectUserRequest(fetchStub);
  // Editing arrives later: no control in the profile yet, and every button still does something.
  expect(screen.getByTestId('account-profile').querySelector('button, input, a')).toBeNull();
  for (const button of screen.queryAllByRole('button')) {
    expect(['theme-toggle', 'language-switch']).toContain(button.getAttribute('data-testid'));
  }
});

test("an account without e-mail says 'No email provided'", async () => {
  const fetchStub = signInAs({ ...amina, email: null });
  const queryClient = createQueryClient();
  // The shell already holds the session in the shared cache: the profile shows it at once.
  seedSession(queryClient, { ...amina, email: null });
  renderApp('/account', undefined, queryClient);
  expect(screen.getByTestId('account-username')).toHaveTextContent('amina');
  expect(screen.getByTestId('account-email')).toHaveTextContent('No email provided');
  // Stale after 1 s, so mounting refetches; the answer (the same user) keeps the same rendering.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expectUserRequest(fetchStub);
  expect(screen.getByTestId('account-email')).toHaveTextContent('No email provided');
});

test('speaks French when the UI language is French, profile included', async () => {
  const fetchStub = signInAs({ ...amina, email: null });
  const queryClient = createQueryClient();
  seedSession(queryClient, { ...amina, email: null });
  renderApp('/account', 'fr', queryClient);
  expect(screen.getByRole('heading', { level: 1, name: 'Votre compte' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Profil' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Préférences' })).toBeInTheDocument();
  expect(screen.getByTestId('account-profile')).toHaveTextContent("Nom d'utilisateuramina");
  expect(screen.getByTestId('account-profile')).toHaveTextContent('Adresse e-mailAucune adresse e-mail');
  expect(screen.getByTestId('account-theme-mode')).toHaveTextContent('Couleur');
  expect(screen.getByTestId('account-preferences')).toHaveTextContent('Thème : Couleur');
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expectUserRequest(fetchStub);
  await userEvent.click(screen.getAllByRole('button', { name: 'Mode blanc' })[1]);
  expect(screen.getByTestId('account-theme-mode')).toHaveTextContent('Noir et blanc');
});

test('signed out (standalone, no stored token) the profile says so without asking the server', async () => {
  renderApp('/account');
  expect(await screen.findByText('You are not signed in.')).toBeInTheDocument();
  expect(screen.queryByTestId('account-username')).not.toBeInTheDocument();
});

describe('a profile that cannot load says why', () => {
  function answerUser(answer: () => Response | never) {
    localStorage.setItem('auth_token', 'token-1');
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => answer());
  }
  afterEach(() => delete (globalThis as { fetch?: unknown }).fetch);

  test('offline: check the connection', async () => {
    answerUser(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp();
    expect(
      await screen.findByText(
        'Your profile could not load. Check your internet connection, then reload the page.',
      ),
    ).toBeInTheDocument();
  });

  test("the server's failure, by its code, in French", async () => {
    const text = JSON.stringify({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
    answerUser(
      () =>
        ({
          ok: false,
          status: 500,
          statusText: '',
          headers: new Headers({ 'content-type': 'application/json' }),
          json: async () => JSON.parse(text),
          text: async () => text,
        }) as Response,
    );
    renderApp('/', 'fr');
    expect(
      await screen.findByText('Une erreur est survenue de notre côté. Veuillez réessayer.'),
    ).toBeInTheDocument();
  });
});
