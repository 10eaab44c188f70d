import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation } from 'react-router';
import type { RemoteName, RuntimeConfig } from '@kasa/contracts';
import { createQueryClient } from '@kasa/api-client';
import { ShellApp } from './ShellApp';
import type { RemoteLoadFn } from './remote-loader';
import { REMOTE_ROUTES } from './routes';
import { LEGAL_PAGES } from './LegalPage';

const config: RuntimeConfig = {
  appName: 'Kasa',
  assistantName: 'Kasa',
  remotes: {
    chat: '/remotes/chat/mf-manifest.json',
    studio: '/remotes/studio/mf-manifest.json',
    billing: '/remotes/billing/mf-manifest.json',
    account: '/remotes/account/mf-manifest.json',
  },
};

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
    loadConfig = () => Promise.resolve(config),
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

/** The network boundary: jsdom has no fetch, so each test says what the API answers. */
type FetchStub = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>;
function stubFetch(answer: (url: string) => { status: number; body?: unknown } | Error): FetchStub {
  const stub: FetchStub = jest.fn(async (input) => {
    const result = answer(String(input));
    if (result instanceof Error) throw result;
    const text = result.body === undefined ? '' : JSON.stringify(result.body);
    return {
      ok: result.status >= 200 && result.status < 300,
      status: result.status,
      statusText: '',
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => JSON.parse(text),
      text: async () => text,
    } as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = stub;
  return stub;
}

beforeEach(() => {
  localStorage.clear();
  stubFetch(() => new TypeError('Failed to fetch'));
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('route table', () => {
  const expected: Array<[string, RemoteName]> = [
    ['/', 'chat'],
    ['/chat', 'chat'],
    ['/ai-studio', 'studio'],
    ['/subscription', 'billing'],
    ['/payments', 'billing'],
    ['/account', 'account'],
  ];

  test('matches the spec', () => {
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

  test.each(Object.entries(LEGAL_PAGES))('/legal/%s stays in the shell (%s)', async (slug, title) => {
    const fetchStub = stubFetch(() => new TypeError('Failed to fetch'));
    const { loader } = renderShell(`/legal/${slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    // Spec §8: a failed fetch shows the fallback text.
    expect(await screen.findByText(`${title} content not available.`)).toBeInTheDocument();
    expect(screen.getByTestId('legal-back')).toHaveAttribute('href', '/');
    expect(loader).not.toHaveBeenCalled();
    expect(fetchStub.mock.calls.map((c) => String(c[0]))).toEqual([
      `/api/legal/pages/${slug.replace('-', '_')}`,
    ]);
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
      url === '/api/legal/pages/fair_use'
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
  test('shows the splash until the runtime configuration arrives', async () => {
    let resolveConfig!: (c: RuntimeConfig) => void;
    const pending = new Promise<RuntimeConfig>((resolve) => (resolveConfig = resolve));
    const loadConfig = () => pending;
    const { createRemoteLoader } = renderShell('/', { loadConfig });
    const splash = screen.getByTestId('splash');
    expect(splash).toHaveTextContent('Initializing Kasa');
    expect(splash).toHaveTextContent('Setting up your AI assistant...');
    expect(createRemoteLoader).not.toHaveBeenCalled();

    await act(async () => resolveConfig({ ...config, appName: 'Shamba' }));
    expect(await screen.findByTestId('loaded-chat')).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(createRemoteLoader).toHaveBeenCalledWith(expect.objectContaining({ appName: 'Shamba' }));
  });

  test('a failed configuration shows a Retry panel that really retries', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const loadConfig = jest
      .fn<Promise<RuntimeConfig>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(config);
    renderShell('/account', { loadConfig });
    expect(await screen.findByTestId('startup-error-panel')).toHaveTextContent(
      'Check your internet connection',
    );
    await userEvent.click(screen.getByTestId('startup-retry'));
    expect(await screen.findByTestId('loaded-account')).toBeInTheDocument();
    expect(loadConfig).toHaveBeenCalledTimes(2);
  });
});

describe('remote failures', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

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
