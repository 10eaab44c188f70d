import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { RuntimeConfig } from '@kasa/contracts';
import { createQueryClient } from '@kasa/api-client';
import { CARRIED_TOAST_STORAGE_KEY } from '@kasa/ui';
import { REDIRECT_AFTER_AUTH_MS } from '../auth/auth-redirect';
import { jsonResponse } from '../testing/json-response';
import { RUNTIME_CONFIG } from '../testing/runtime-config';
import { LandingApp } from './LandingApp';

type Answer = { status: number; body?: unknown } | Error;

/** The network boundary: jsdom has no fetch, so each test says what the API answers. */
function stubFetch(answer: (url: string) => Answer) {
  const stub = jest.fn(async (input: RequestInfo | URL) => {
    const result = answer(String(input));
    if (result instanceof Error) throw result;
    return jsonResponse(result.status, result.body);
  });
  (globalThis as { fetch?: unknown }).fetch = stub;
  return stub;
}

function renderLanding(
  path: string,
  {
    initialConfig = RUNTIME_CONFIG,
    loadConfig = () => Promise.resolve(RUNTIME_CONFIG),
  }: { initialConfig?: RuntimeConfig | null; loadConfig?: () => Promise<RuntimeConfig> } = {},
) {
  const loadPage = jest.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <LandingApp
        loadConfig={loadConfig}
        initialConfig={initialConfig}
        queryClient={createQueryClient()}
        loadPage={loadPage}
      />
    </MemoryRouter>,
  );
  return { loadPage };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('cookieConsentGiven', 'true');
  stubFetch(() => new TypeError('Failed to fetch'));
});

afterEach(() => jest.useRealTimers());

describe('LandingApp (the landing entry)', () => {
  test.each(['/', '/chat'])('%s shows the landing page without asking for a session', async (path) => {
    const fetchStub = stubFetch(() => new TypeError('Failed to fetch'));
    const { loadPage } = renderLanding(path);
    expect(await screen.findByTestId('landing-page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeInTheDocument();
    expect(fetchStub.mock.calls.map((c) => String(c[0]))).not.toContain('/api/auth/user');
    expect(loadPage).not.toHaveBeenCalled();
  });

  test('a legal page renders in the same page load', async () => {
    const { loadPage } = renderLanding('/legal/terms');
    expect(await screen.findByTestId('legal-back')).toHaveAttribute('href', '/');
    expect(loadPage).not.toHaveBeenCalled();
  });

  test.each(['/account', '/s/abc123', '/nope'])(
    '%s is the application’s: the page is loaded afresh',
    async (path) => {
      const { loadPage } = renderLanding(path);
      await waitFor(() => expect(loadPage).toHaveBeenCalledWith());
      expect(screen.queryByTestId('landing-page')).not.toBeInTheDocument();
    },
  );

  test('signing in stores the token and loads /chat as the application after the redirect delay', async () => {
    stubFetch((url) =>
      url === '/api/auth/login'
        ? { status: 200, body: { token: 'token-9' } }
        : new TypeError('Failed to fetch'),
    );
    const { loadPage } = renderLanding('/');
    await userEvent.type(await screen.findByTestId('auth-username'), 'amina');
    await userEvent.type(screen.getByTestId('auth-password'), 'harvest-2026');
    jest.useFakeTimers({ advanceTimers: true });
    await userEvent.click(screen.getByTestId('auth-submit'));
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('token-9');
    expect(loadPage).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(REDIRECT_AFTER_AUTH_MS);
    });
    expect(loadPage).toHaveBeenCalledWith('/chat');
    // The greeting goes along to the application's page, for the time it has left.
    const carried = JSON.parse(sessionStorage.getItem(CARRIED_TOAST_STORAGE_KEY) ?? 'null');
    expect(carried).toMatchObject({
      title: 'Login Successful',
      description: 'Welcome back!',
      variant: 'default',
    });
    expect(carried.until).toBeGreaterThan(Date.now());
  });

  test('a sign-in in another tab loads the page afresh; a sign-out there does not', async () => {
    const { loadPage } = renderLanding('/');
    await screen.findByTestId('landing-page');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'auth_token', storageArea: localStorage }));
    });
    expect(loadPage).not.toHaveBeenCalled();
    localStorage.setItem('auth_token', 'from-the-other-tab');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'auth_token', storageArea: localStorage }));
    });
    expect(loadPage).toHaveBeenCalledWith();
  });

  test('without an inline configuration it is fetched; a failure shows the start panel, and Retry asks again', async () => {
    const loadConfig = jest
      .fn<Promise<RuntimeConfig>, []>()
      .mockRejectedValueOnce(new Error('runtime-config.json answered 502'))
      .mockResolvedValue({ ...RUNTIME_CONFIG, appName: 'Shamba', assistantName: 'Shamba' });
    renderLanding('/', { initialConfig: null, loadConfig });
    expect(await screen.findByTestId('startup-error-panel')).toHaveTextContent(
      'runtime-config.json answered 502',
    );
    await userEvent.click(screen.getByTestId('startup-retry'));
    expect(await screen.findByRole('heading', { level: 1, name: "Hello, I'm Shamba" })).toBeInTheDocument();
    expect(loadConfig).toHaveBeenCalledTimes(2);
  });
});
