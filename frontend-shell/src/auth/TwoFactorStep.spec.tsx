import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { createQueryClient } from '@kasa/api-client';
import { KasaUiProvider } from '@kasa/ui';
import { AuthCard } from './AuthCard';
import { AuthRedirectProvider } from './auth-redirect';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
const calls: Array<{ url: string; body: unknown }> = [];

/** The network boundary (jsdom has no fetch): what the auth API answers to each call. */
function stubApi(answers: Record<string, () => Answer>) {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const result = answers[url]?.() ?? { status: 404 };
      const text = JSON.stringify(result.body ?? {});
      return {
        ok: result.status < 300,
        status: result.status,
        statusText: '',
        headers: new Headers({ 'content-type': 'application/json', ...result.headers }),
        json: async () => JSON.parse(text),
        text: async () => text,
      } as Response;
    },
  );
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderCard(language: 'en' | 'fr' = 'en') {
  render(
    <MemoryRouter initialEntries={['/']}>
      <QueryClientProvider client={createQueryClient()}>
        <KasaUiProvider initialLanguage={language}>
          <AuthRedirectProvider>
            <AuthCard onForgotPassword={jest.fn()} />
          </AuthRedirectProvider>
        </KasaUiProvider>
      </QueryClientProvider>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const user = { id: 'u1', username: 'amina', email: null, createdAt: '2026-01-01T00:00:00.000Z' };
const challengeAnswer = (): Answer => ({
  status: 200,
  body: {
    twoFactorRequired: true,
    challenge: 'challenge-1',
    expiresAt: '2026-01-01T00:05:00.000Z',
    message: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
  },
});
const refused = (code: string, message: string) => (): Answer => ({
  status: 401,
  body: { statusCode: 401, code, message },
});

async function signInWithPassword() {
  await userEvent.type(screen.getByTestId('auth-username'), 'amina');
  await userEvent.type(screen.getByTestId('auth-password'), 'secret12');
  await userEvent.click(screen.getByTestId('auth-submit'));
  return screen.findByTestId('two-factor-step');
}

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
});
afterEach(() => delete (globalThis as { fetch?: unknown }).fetch);

test('a challenge asks for the code; a TOTP code signs in like a one-step sign-in', async () => {
  stubApi({
    '/api/auth/login': challengeAnswer,
    '/api/auth/login/two-factor': () => ({ status: 200, body: { token: 'token-2fa', user } }),
  });
  renderCard();
  await signInWithPassword();
  expect(screen.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toBeInTheDocument();
  expect(
    screen.getByText('Enter the 6-digit code from your authenticator app, or one of your backup codes.'),
  ).toBeInTheDocument();
  // No session yet: nothing stored, no success toast.
  expect(localStorage.getItem('auth_token')).toBeNull();
  expect(screen.queryByTestId('toast')).toBeNull();

  const field = screen.getByTestId('two-factor-code');
  expect(field).toHaveAttribute('inputmode', 'numeric');
  expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  expect(screen.getByTestId('two-factor-submit')).toHaveTextContent('Verify');
  expect(screen.getByTestId('two-factor-submit')).toBeDisabled();

  await userEvent.type(field, '123 456');
  await userEvent.click(screen.getByTestId('two-factor-submit'));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Login Successful');
  expect(toast).toHaveTextContent('Welcome back!');
  expect(localStorage.getItem('auth_token')).toBe('token-2fa');
  expect(calls.find((c) => c.url === '/api/auth/login/two-factor')?.body).toEqual({
    challenge: 'challenge-1',
    code: '123456',
  });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat'), { timeout: 3000 });
});

test('a backup code: the full keyboard, sent lower-cased with its dash', async () => {
  stubApi({
    '/api/auth/login': challengeAnswer,
    '/api/auth/login/two-factor': () => ({ status: 200, body: { token: 'token-backup', user } }),
  });
  renderCard();
  await signInWithPassword();
  await userEvent.click(screen.getByTestId('two-factor-use-backup'));
  expect(screen.getByTestId('two-factor-code')).toHaveAttribute('inputmode', 'text');
  await userEvent.type(screen.getByTestId('two-factor-code'), ' ABCDE-FGHJK ');
  await userEvent.click(screen.getByTestId('two-factor-submit'));
  expect(await screen.findByTestId('toast')).toHaveTextContent('Login Successful');
  expect(calls.find((c) => c.url === '/api/auth/login/two-factor')?.body).toEqual({
    challenge: 'challenge-1',
    code: 'abcde-fghjk',
  });
  expect(localStorage.getItem('auth_token')).toBe('token-backup');
});

test('a wrong code: Authentication Failed with the code’s text; the step stays for another try', async () => {
  stubApi({
    '/api/auth/login': challengeAnswer,
    '/api/auth/login/two-factor': refused(
      'AUTH_TWO_FACTOR_CODE_WRONG',
      'That code is not correct, or it was already used.',
    ),
  });
  renderCard();
  await signInWithPassword();
  await userEvent.type(screen.getByTestId('two-factor-code'), '000000');
  await userEvent.click(screen.getByTestId('two-factor-submit'));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Authentication Failed');
  expect(toast).toHaveTextContent(
    'That code is not correct, or it was already used. Check your authenticator app and try again.',
  );
  expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(screen.getByTestId('two-factor-step')).toBeInTheDocument();
  expect(screen.getByTestId('two-factor-code')).toHaveValue('');
  expect(localStorage.getItem('auth_token')).toBeNull();
});

test('an expired challenge goes back to the password step', async () => {
  stubApi({
    '/api/auth/login': challengeAnswer,
    '/api/auth/login/two-factor': refused('AUTH_TWO_FACTOR_CHALLENGE_EXPIRED', 'Too late.'),
  });
  renderCard();
  await signInWithPassword();
  await userEvent.type(screen.getByTestId('two-factor-code'), '123456');
  await userEvent.click(screen.getByTestId('two-factor-submit'));
  expect(await screen.findByTestId('toast')).toHaveTextContent(
    'This sign-in took too long. Please enter your username and password again.',
  );
  await waitFor(() => expect(screen.queryByTestId('two-factor-step')).toBeNull());
  expect(screen.getByTestId('auth-submit')).toHaveTextContent(/^Sign in$/);
  expect(screen.getByTestId('auth-password')).toHaveValue('');
});

test('"Use a different account" goes back without a call', async () => {
  stubApi({ '/api/auth/login': challengeAnswer });
  renderCard();
  await signInWithPassword();
  await userEvent.click(screen.getByTestId('two-factor-back'));
  expect(screen.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeInTheDocument();
  expect(calls.map((c) => c.url)).toEqual(['/api/auth/login']);
});

test('in French', async () => {
  stubApi({
    '/api/auth/login': challengeAnswer,
    '/api/auth/login/two-factor': refused('AUTH_TWO_FACTOR_CODE_WRONG', 'That code is not correct.'),
  });
  renderCard('fr');
  await signInWithPassword();
  expect(screen.getByRole('heading', { level: 2, name: 'Connexion en deux étapes' })).toBeInTheDocument();
  expect(screen.getByTestId('two-factor-submit')).toHaveTextContent('Vérifier');
  expect(screen.getByTestId('two-factor-back')).toHaveTextContent('Utiliser un autre compte');
  await userEvent.type(screen.getByTestId('two-factor-code'), '000000');
  await userEvent.click(screen.getByTestId('two-factor-submit'));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent("Échec de l'authentification");
  expect(toast).toHaveTextContent("Ce code n'est pas correct, ou il a déjà servi.");
});

test.each([
  [
    'en',
    'Too many wrong codes: two-factor sign-in is locked for this account. Try again in 15 minutes, or use the unlock link we sent by e-mail.',
  ],
  [
    'fr',
    'Trop de codes erronés : la connexion en deux étapes est verrouillée pour ce compte. Réessayez dans 15 minutes, ou utilisez le lien de déverrouillage envoyé par e-mail.',
  ],
] as const)(
  'a locked second factor (%s): the wait and the e-mailed unlock; the step stays',
  async (language, text) => {
    stubApi({
      '/api/auth/login': challengeAnswer,
      '/api/auth/login/two-factor': () => ({
        status: 429,
        headers: { 'retry-after': '900' },
        body: { statusCode: 429, code: 'AUTH_TWO_FACTOR_LOCKED', message: 'Too many wrong codes.' },
      }),
    });
    renderCard(language);
    await signInWithPassword();
    await userEvent.type(screen.getByTestId('two-factor-code'), '123456');
    await userEvent.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent(text);
    expect(screen.getByTestId('two-factor-step')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  },
);
