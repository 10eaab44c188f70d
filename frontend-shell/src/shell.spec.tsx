import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation } from 'react-router';
import type { RemoteName, RuntimeConfig } from '@kasa/contracts';
import { apiFetch, createQueryClient } from '@kasa/api-client';
import { PageFrame } from '@kasa/ui';
import { ShellApp } from './ShellApp';
import type { RemoteLoadFn } from './remote-loader';
import { REMOTE_ROUTES } from './routes';
import { jsonResponse } from './testing/json-response';
import { RUNTIME_CONFIG } from './testing/runtime-config';

function fakeRemote(name: RemoteName) {
  return function FakeRemote() {
    return (
      <div data-testid={`loaded-${name}`}>
        {name} remote <Link to="/">home</Link> <Link to="/ai-studio">studio</Link>
      </div>
    );
  };
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderShell(
  path: string,
  {
    load,
    loadConfig = () => Promise.resolve(RUNTIME_CONFIG),
  }: { load?: RemoteLoadFn; loadConfig?: () => Promise<RuntimeConfig> } = {},
) {
  const loader = jest.fn<ReturnType<RemoteLoadFn>, Parameters<RemoteLoadFn>>(
    load ?? ((name) => Promise.resolve(fakeRemote(name))),
  );
  const createRemoteLoader = jest.fn(() => loader);
  render(
    <MemoryRouter initialEntries={[path]}>
      <ShellApp
        loadConfig={loadConfig}
        createRemoteLoader={createRemoteLoader}
        queryClient={createQueryClient()}
      />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { loader, createRemoteLoader };
}

const user = { id: 'u1', username: 'amina', email: null, createdAt: '2026-01-01T00:00:00.000Z' };

/** Signed in: a stored token the (stubbed) API accepts for GET /api/auth/user. */
function signIn() {
  localStorage.setItem('auth_token', 'token-1');
}

/** The network boundary: jsdom has no fetch, so each test says what the API answers. */
type FetchStub = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>;
type Answer = { status: number; body?: unknown } | Error;
/** What GET /api/auth/user answers (a server that accepts the stored token, unless a test changes it). */
let sessionAnswer: () => Answer | Promise<Answer> = () => ({ status: 200, body: { user } });
function stubFetch(answer: (url: string, init?: RequestInit) => Answer | Promise<Answer>): FetchStub {
  const stub: FetchStub = jest.fn(async (input, init) => {
    const url = String(input);
    const result = await (url === '/api/auth/user' ? sessionAnswer() : answer(url, init));
    if (result instanceof Error) throw result;
    return jsonResponse(result.status, result.body);
  });
  (globalThis as { fetch?: unknown }).fetch = stub;
  return stub;
}

beforeEach(() => {
  localStorage.clear();
  sessionAnswer = () => ({ status: 200, body: { user } });
  stubFetch(() => new TypeError('Failed to fetch'));
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('route table (signed in)', () => {
  beforeEach(signIn);
  const expected: Array<[string, RemoteName]> = [
    ['/', 'chat'],
    ['/chat', 'chat'],
    ['/ai-studio', 'studio'],
    ['/subscription', 'billing'],
    ['/payments', 'billing'],
    ['/account', 'account'],
  ];

  test('matches the route table of docs/product.md', () => {
    expect(REMOTE_ROUTES.map((r) => [r.path, r.remote])).toEqual(expected);
  });

  test.each(expected)('%s renders the %s remote and loads no other', async (path, remote) => {
    const { loader } = renderShell(path);
    const mounted = await screen.findByTestId(`loaded-${remote}`);
    // The shell marks the mounted remote with remote-<name> (the e2e tests look for it).
    expect(screen.getByTestId(`remote-${remote}`)).toContainElement(mounted);
    expect(document.querySelectorAll('[data-testid^="remote-"]')).toHaveLength(1);
    expect(loader.mock.calls.map((c) => c[0])).toEqual([remote]);
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  test.each(['/nope', '/chat/extra', '/legal', '/simple-chat', '/register'])(
    'unknown %s redirects to /',
    async (path) => {
      renderShell(path);
      expect(await screen.findByTestId('loaded-chat')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    },
  );

  test.each([
    ['terms', 'Terms of Use'],
    ['privacy', 'Privacy Policy'],
    ['cookies', 'Cookie Policy'],
    ['fair-use', 'Fair Use Policy'],
    ['pricing', 'Pricing'],
  ])('/legal/%s stays in the shell (%s)', async (slug, title) => {
    const fetchStub = stubFetch(() => new TypeError('Failed to fetch'));
    const { loader } = renderShell(`/legal/${slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    // A failed fetch shows the fallback text (docs/product.md#legal-pages).
    expect(await screen.findByText(`${title} content not available.`)).toBeInTheDocument();
    expect(screen.getByTestId('legal-back')).toHaveAttribute('href', '/');
    expect(loader).not.toHaveBeenCalled();
    const pageRequests = fetchStub.mock.calls
      .map((c) => String(c[0]))
      .filter((u) => u.startsWith('/api/legal/pages'));
    expect(pageRequests).toEqual([`/api/legal/pages/${slug.replace('-', '_')}?lang=en`]);
  });

  test('an unknown legal page redirects to /', async () => {
    renderShell('/legal/nonsense');
    expect(await screen.findByTestId('loaded-chat')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('legal pages', () => {
  test('show the server title, version, effective date and markdown-like content, never raw HTML', async () => {
    stubFetch((url) =>
      url === '/api/legal/pages/fair_use?lang=en'
        ? {
            status: 200,
            body: {
              title: 'Fair Use Policy',
              version: '2.1',
              effectiveDate: '2025-03-01T00:00:00.000Z',
              content:
                '# Limits\nUse Kasa **fairly**.\nNo abuse.\n\n- one\n- two\n\n1. first\n<script>alert(1)</script>',
            },
          }
        : { status: 404 },
    );
    renderShell('/legal/fair-use');
    expect(await screen.findByTestId('legal-content')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fair Use Policy');
    expect(screen.getByTestId('legal-meta')).toHaveTextContent('Version 2.1 · Effective 1 March 2025');
    expect(screen.getByRole('heading', { level: 2, name: 'Limits' })).toBeInTheDocument();
    expect(screen.getByText('fairly').tagName).toBe('STRONG');
    expect(screen.getByText(/Use Kasa/)).toHaveTextContent('Use Kasa fairly. No abuse.');
    const lists = screen.getAllByRole('list');
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'OL']);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two', 'first']);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(screen.queryByText(/content not available/)).toBeNull();
  });

  test('in French, a page the server answers in English: French frame, notice, text marked English', async () => {
    localStorage.setItem('kasa-language', 'fr');
    stubFetch(() => ({
      status: 200,
      body: {
        title: 'Privacy Policy',
        language: 'en',
        version: '1.0',
        effectiveDate: '2025-03-01',
        content: 'We store little.',
      },
    }));
    renderShell('/legal/privacy');
    expect(await screen.findByTestId('legal-content')).toHaveAttribute('lang', 'en');
    expect(screen.getByTestId('legal-meta')).toHaveTextContent('Version 1.0 · En vigueur le 1 mars 2025');
    expect(
      screen.getByText("Ce document n'est pas encore disponible en français : il est affiché en anglais."),
    ).toBeInTheDocument();
    expect(screen.getByTestId('legal-back')).toHaveTextContent('← Retour');
  });

  test('in French a missing page says so in French', async () => {
    localStorage.setItem('kasa-language', 'fr');
    stubFetch(() => new TypeError('Failed to fetch'));
    renderShell('/legal/terms');
    expect(
      await screen.findByText("Contenu « Conditions d'utilisation » non disponible."),
    ).toBeInTheDocument();
    expect(screen.getByTestId('legal-error')).toHaveTextContent(
      'Impossible de joindre le serveur. Vérifiez votre connexion Internet, puis réessayez.',
    );
  });

  test("a failed page also says why, in the reader's language", async () => {
    localStorage.setItem('kasa-language', 'fr');
    stubFetch(() => ({
      status: 404,
      body: {
        statusCode: 404,
        code: 'LEGAL_PAGE_NOT_FOUND',
        message: "There is no legal page 'terms'. Pages: privacy.",
      },
    }));
    renderShell('/legal/terms');
    expect(await screen.findByTestId('legal-error')).toHaveTextContent("Cette page juridique n'existe pas.");
    expect(screen.getByText("Contenu « Conditions d'utilisation » non disponible.")).toBeInTheDocument();
  });

  test('version defaults to 1.0 and a page without content shows the fallback', async () => {
    stubFetch(() => ({ status: 200, body: { title: 'Terms of Use', content: '' } }));
    renderShell('/legal/terms');
    expect(await screen.findByText('Terms of Use content not available.')).toBeInTheDocument();
    expect(screen.getByTestId('legal-meta')).toHaveTextContent(/^Version 1\.0$/);
  });

  test('an error answer from the server shows the fallback', async () => {
    stubFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderShell('/legal/privacy');
    expect(await screen.findByText('Privacy Policy content not available.')).toBeInTheDocument();
    expect(screen.queryByTestId('legal-meta')).toBeNull();
  });
});

describe('start-up', () => {
  beforeEach(signIn);
  test('shows the splash until the runtime configuration arrives', async () => {
    let resolveConfig!: (c: RuntimeConfig) => void;
    const pending = new Promise<RuntimeConfig>((resolve) => (resolveConfig = resolve));
    const loadConfig = () => pending;
    const { createRemoteLoader } = renderShell('/', { loadConfig });
    const splash = screen.getByTestId('splash');
    expect(splash).toHaveTextContent('Initializing Kasa');
    expect(splash).toHaveTextContent('Setting up your AI assistant...');
    expect(createRemoteLoader).not.toHaveBeenCalled();

    await act(async () => resolveConfig({ ...RUNTIME_CONFIG, appName: 'Shamba' }));
    expect(await screen.findByTestId('loaded-chat')).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(createRemoteLoader).toHaveBeenCalledWith(expect.objectContaining({ appName: 'Shamba' }));
  });

  test('a failed configuration shows a Retry panel that really retries', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const loadConfig = jest
      .fn<Promise<RuntimeConfig>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(RUNTIME_CONFIG);
    renderShell('/account', { loadConfig });
    expect(await screen.findByTestId('startup-error-panel')).toHaveTextContent(
      'Check your internet connection',
    );
    await userEvent.click(screen.getByTestId('startup-retry'));
    expect(await screen.findByTestId('loaded-account')).toBeInTheDocument();
    expect(loadConfig).toHaveBeenCalledTimes(2);
  });
});

describe('a returning visitor', () => {
  test("fetches the route's remote beside the session check, not after it", async () => {
    signIn();
    let answerSession!: (answer: Answer) => void;
    sessionAnswer = () => new Promise<Answer>((resolve) => (answerSession = resolve));
    const { loader } = renderShell('/account');
    await waitFor(() => expect(loader).toHaveBeenCalledWith('account', { force: false }));
    expect(screen.getByTestId('splash')).toBeInTheDocument();

    // What each commit put on screen: the area loaded early still mounts after the session's own
    // update, through its loading line (a transition, in slices), not inside that update.
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      const id = ['loaded-account', 'remote-loading', 'splash'].find((testId) =>
        screen.queryByTestId(testId),
      );
      if (id && shown[shown.length - 1] !== id) shown.push(id);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await act(async () => answerSession({ status: 200, body: { user } }));
    expect(await screen.findByTestId('loaded-account')).toBeInTheDocument();
    observer.disconnect();
    expect(shown).toEqual(['remote-loading', 'loaded-account']);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  test('a visitor without a token downloads no remote for the landing page', async () => {
    const { loader } = renderShell('/account');
    expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
  });
});

describe('remote failures', () => {
  beforeEach(() => {
    signIn();
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  test('a remote that fails to load shows the error panel, and Retry forces a fresh load', async () => {
    let online = false;
    const load: RemoteLoadFn = (name) =>
      online ? Promise.resolve(fakeRemote(name)) : Promise.reject(new Error('Failed to get manifest (404)'));
    const { loader } = renderShell('/ai-studio', { load });

    const panel = await screen.findByTestId('remote-error-panel');
    expect(panel).toHaveTextContent('This part of Kasa could not load');
    expect(panel).toHaveTextContent('Check your internet connection');
    expect(screen.queryByTestId('remote-studio')).toBeNull();

    // Still offline: Retry fails again and the panel comes back.
    await userEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByTestId('remote-error-panel')).toBeInTheDocument();

    online = true;
    await userEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByTestId('loaded-studio')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-error-panel')).toBeNull();
    expect(loader.mock.calls).toEqual([
      ['studio', { force: false }],
      ['studio', { force: true }],
      ['studio', { force: true }],
    ]);
  });

  test('a remote that throws while rendering shows the error panel instead of a blank page', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('render exploded');
      return <div data-testid="loaded-billing">fixed</div>;
    }
    renderShell('/subscription', { load: () => Promise.resolve(Flaky) });
    expect(await screen.findByTestId('remote-error-panel')).toHaveTextContent('render exploded');
    broken = false;
    await userEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByTestId('loaded-billing')).toBeInTheDocument();
  });

  test('one broken remote does not take the others down: Back to Chat works', async () => {
    const load: RemoteLoadFn = (name) =>
      name === 'studio' ? Promise.reject(new Error('down')) : Promise.resolve(fakeRemote(name));
    renderShell('/ai-studio', { load });
    expect(await screen.findByTestId('remote-error-panel')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Chat' }));
    expect(await screen.findByTestId('loaded-chat')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat'));
  });

  test('a loaded remote is not fetched again when its route is revisited', async () => {
    const { loader } = renderShell('/chat');
    expect(await screen.findByTestId('loaded-chat')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'studio' }));
    expect(await screen.findByTestId('loaded-studio')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'home' }));
    expect(screen.getByTestId('loaded-chat')).toBeInTheDocument(); // at once, from the cache
    expect(loader.mock.calls.map((c) => c[0])).toEqual(['chat', 'studio']);
  });
});

describe('signed out: the landing / auth screen', () => {
  test.each(['/', '/chat'])('%s shows the landing page and loads no remote', async (path) => {
    const fetchStub = stubFetch(() => new TypeError('Failed to fetch'));
    const { loader } = renderShell(path);
    expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Hello, I'm Kasa");
    for (const title of ['AI Conversations', 'Universal Assistant', 'Global Payments']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account')).toBeInTheDocument();
    expect(screen.getByTestId('auth-submit')).toHaveTextContent(/^Sign in$/);
    expect(screen.getByTestId('auth-toggle-mode')).toHaveTextContent("Don't have an account? Sign up");
    expect(screen.getByTestId('forgot-password')).toHaveTextContent('Forgot password?');
    expect(screen.queryByTestId('auth-email')).toBeNull();
    expect(screen.getByText('© 2025 Kasa. All rights reserved.')).toBeInTheDocument();
    for (const [name, href] of [
      ['Terms of Use', '/legal/terms'],
      ['Privacy Policy', '/legal/privacy'],
      ['Cookie Preferences', '/legal/cookies'],
      ['Fair Use Policy', '/legal/fair-use'],
      ['Pricing', '/legal/pricing'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(loader).not.toHaveBeenCalled();
    // No stored token: nothing to ask the server before showing the page.
    expect(fetchStub.mock.calls.map((c) => String(c[0]))).not.toContain('/api/auth/user');
  });

  test.each(['/ai-studio', '/subscription', '/payments', '/account', '/register'])(
    '%s redirects a signed-out visitor to /',
    async (path) => {
      const { loader } = renderShell(path);
      expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
      expect(loader).not.toHaveBeenCalled();
    },
  );

  test('the card toggles to sign-up mode with the optional e-mail', async () => {
    renderShell('/');
    await userEvent.click(await screen.findByTestId('auth-toggle-mode'));
    expect(screen.getByRole('heading', { level: 2, name: 'Get started' })).toBeInTheDocument();
    expect(screen.getByText('Create your account')).toBeInTheDocument();
    expect(screen.getByTestId('auth-submit')).toHaveTextContent('Create account');
    expect(screen.getByTestId('auth-toggle-mode')).toHaveTextContent('Already have an account? Sign in');
    expect(screen.getByTestId('auth-email')).toHaveAttribute('type', 'email');
    expect(screen.getByTestId('auth-email')).not.toBeRequired();
    expect(screen.getByTestId('auth-username')).toBeRequired();
    expect(screen.getByTestId('auth-password')).toBeRequired();
    expect(screen.queryByTestId('forgot-password')).toBeNull();
    await userEvent.click(screen.getByTestId('auth-toggle-mode'));
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeInTheDocument();
  });

  test('sign-in: Please wait..., token stored, toast, then /chat after about 500 ms', async () => {
    let answerLogin!: (answer: Answer) => void;
    const login = new Promise<Answer>((resolve) => (answerLogin = resolve));
    const fetchStub = stubFetch((url) =>
      url === '/api/auth/login' ? login : new TypeError('Failed to fetch'),
    );
    const { loader } = renderShell('/');
    await userEvent.type(await screen.findByTestId('auth-username'), '  amina ');
    await userEvent.type(screen.getByTestId('auth-password'), 'secret12');
    await userEvent.click(screen.getByTestId('auth-submit'));

    expect(screen.getByTestId('auth-submit')).toBeDisabled();
    expect(screen.getByTestId('auth-submit')).toHaveTextContent('Please wait...');
    const [, loginInit] = fetchStub.mock.calls.find((c) => String(c[0]) === '/api/auth/login')!;
    expect(loginInit?.method).toBe('POST');
    expect(JSON.parse(String(loginInit?.body))).toEqual({ username: 'amina', password: 'secret12' });

    const sentAt = Date.now();
    await act(async () => answerLogin({ status: 200, body: { token: 'token-2', user } }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Login Successful');
    expect(screen.getByTestId('toast')).toHaveTextContent('Welcome back!');
    expect(localStorage.getItem('auth_token')).toBe('token-2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat'), { timeout: 3000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(450);
    expect(await screen.findByTestId('loaded-chat')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('chat', expect.anything());
  });

  test('sign-up sends the e-mail only when given and accepts a token inside user', async () => {
    const fetchStub = stubFetch((url) =>
      url === '/api/auth/register'
        ? { status: 201, body: { user: { ...user, token: 'token-3' } } }
        : new TypeError('Failed to fetch'),
    );
    renderShell('/chat');
    await userEvent.click(await screen.findByTestId('auth-toggle-mode'));
    await userEvent.type(screen.getByTestId('auth-username'), 'amina');
    await userEvent.type(screen.getByTestId('auth-password'), 'secret12');
    await userEvent.click(screen.getByTestId('auth-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Registration Successful');
    expect(screen.getByTestId('toast')).toHaveTextContent('Account created successfully!');
    expect(localStorage.getItem('auth_token')).toBe('token-3');
    const [, init] = fetchStub.mock.calls.find((c) => String(c[0]) === '/api/auth/register')!;
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'amina', password: 'secret12' });
  });

  test.each([
    [
      { status: 401, body: { message: 'Incorrect username or password.' } },
      'Incorrect username or password.',
    ],
    [new TypeError('Failed to fetch'), 'Please check your credentials and try again.'],
    [{ status: 200, body: { user } }, 'No token received from server'],
  ])('a failed sign-in shows Authentication Failed (%#)', async (answer, description) => {
    stubFetch((url) => (url === '/api/auth/login' ? answer : new TypeError('Failed to fetch')));
    renderShell('/');
    await userEvent.type(await screen.findByTestId('auth-username'), 'amina');
    await userEvent.type(screen.getByTestId('auth-password'), 'wrong-one');
    await userEvent.click(screen.getByTestId('auth-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Authentication Failed');
    expect(toast).toHaveTextContent(description);
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByTestId('auth-submit')).toHaveTextContent(/^Sign in$/);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('the page is in French when the visitor chose French', async () => {
    localStorage.setItem('kasa-language', 'fr');
    renderShell('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bon retour' })).toBeInTheDocument();
    expect(screen.getByTestId('auth-submit')).toHaveTextContent('Se connecter');
    expect(screen.getByText('© 2025 Kasa. Tous droits réservés.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('language-switch'));
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeInTheDocument();
    expect(localStorage.getItem('kasa-language')).toBe('en');
  });
});

describe('first frame', () => {
  test('with the inline configuration and no token, the very first render is the landing page', () => {
    const loadConfig = jest.fn(() => Promise.resolve(RUNTIME_CONFIG));
    render(
      <MemoryRouter initialEntries={['/']}>
        <ShellApp
          loadConfig={loadConfig}
          initialConfig={RUNTIME_CONFIG}
          createRemoteLoader={() => () => Promise.reject(new Error('no remote on the landing page'))}
          queryClient={createQueryClient()}
        />
      </MemoryRouter>,
    );
    // Synchronously: no splash frame in between (index.html already painted this hero).
    expect(screen.getByTestId('landing-page')).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(loadConfig).not.toHaveBeenCalled();
  });
});

describe('the session', () => {
  test('the splash shows while the session is checked', async () => {
    signIn();
    let answerSession!: (answer: Answer) => void;
    const pending = new Promise<Answer>((resolve) => (answerSession = resolve));
    sessionAnswer = () => pending;
    const stub = stubFetch(() => ({ status: 404 }));
    renderShell('/account');
    await waitFor(() => expect(stub).toHaveBeenCalled());
    expect(screen.getByTestId('splash')).toHaveTextContent('Initializing Kasa');
    await act(async () => answerSession({ status: 200, body: { user } }));
    expect(await screen.findByTestId('loaded-account')).toBeInTheDocument();
  });

  test('a revoked token (401) shows the landing page and forgets the token', async () => {
    signIn();
    sessionAnswer = () => ({ status: 401, body: { message: 'Please sign in again.' } });
    const { loader } = renderShell('/account');
    expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    // The token looked valid, so the account remote was fetched beside the check; it is not shown.
    expect(loader.mock.calls).toEqual([['account', { force: false }]]);
    expect(screen.queryByTestId('remote-account')).toBeNull();
  });

  test('a session check that cannot reach the server offers Retry', async () => {
    signIn();
    let online = false;
    sessionAnswer = () => (online ? { status: 200, body: { user } } : new TypeError('Failed to fetch'));
    renderShell('/account');
    expect(await screen.findByTestId('session-error-panel')).toHaveTextContent('Could not reach Kasa');
    expect(localStorage.getItem('auth_token')).toBe('token-1');
    online = true;
    await userEvent.click(screen.getByTestId('session-retry'));
    expect(await screen.findByTestId('loaded-account')).toBeInTheDocument();
  });

  test('Logout tells the server, forgets the token and goes to /', async () => {
    signIn();
    function RemoteWithFrame() {
      return (
        <PageFrame title="Account" testId="account-page">
          account
        </PageFrame>
      );
    }
    const fetchStub = stubFetch((url) =>
      url === '/api/auth/logout'
        ? { status: 200, body: { ok: true, message: 'Signed out.' } }
        : { status: 404 },
    );
    renderShell('/account', { load: () => Promise.resolve(RemoteWithFrame) });
    await userEvent.click(await screen.findByTestId('logout-button'));
    expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('auth_token')).toBeNull();
    const logout = fetchStub.mock.calls.find((c) => String(c[0]) === '/api/auth/logout')!;
    expect(logout[1]?.method).toBe('POST');
    expect(new Headers(logout[1]?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  test('a 401 on any call made with the token signs the visitor out', async () => {
    signIn();
    let revoked = false;
    sessionAnswer = () =>
      revoked ? { status: 401, body: { message: 'Please sign in again.' } } : { status: 200, body: { user } };
    stubFetch(() => ({ status: 401, body: { message: 'Please sign in again.' } }));
    function Caller() {
      return (
        <button
          type="button"
          onClick={() => {
            revoked = true;
            void apiFetch('/api/chat/conversations').catch(() => undefined);
          }}
        >
          call
        </button>
      );
    }
    renderShell('/account', { load: () => Promise.resolve(Caller) });
    await userEvent.click(await screen.findByRole('button', { name: 'call' }));
    expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
