import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import { KasaUiProvider } from '@kasa/ui';
import ForgotPasswordDialog from './ForgotPasswordDialog';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;
const calls: Array<{ url: string; body: unknown }> = [];

/** The network boundary (jsdom has no fetch): what the auth API answers to each call. */
function stubApi(answers: Record<string, () => Answer>) {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const result = answers[url]?.() ?? { status: 404 };
      if (result instanceof Error) throw result;
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

const verified = () => ({
  status: 200,
  body: { ok: true, canReset: true, message: 'Code sent.', emailHint: 'a***@example.com' },
});

function renderDialog(onClose = jest.fn(), language: 'en' | 'fr' = 'en') {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <KasaUiProvider initialLanguage={language}>
        <ForgotPasswordDialog open onClose={onClose} />
      </KasaUiProvider>
    </QueryClientProvider>,
  );
  return { ...view, onClose };
}

const toast = () => screen.findByTestId('toast');
const step = () => screen.getByTestId('forgot-dialog').getAttribute('data-step');

async function reachResetStep() {
  await userEvent.type(screen.getByTestId('forgot-username'), 'amina');
  await userEvent.click(screen.getByTestId('forgot-continue'));
  await waitFor(() => expect(step()).toBe('reset'));
}

async function fillReset(code: string, password: string, confirm: string) {
  if (code) await userEvent.type(screen.getByTestId('forgot-code'), code);
  if (password) await userEvent.type(screen.getByTestId('forgot-new-password'), password);
  if (confirm) await userEvent.type(screen.getByTestId('forgot-confirm-password'), confirm);
  await userEvent.click(screen.getByTestId('forgot-reset'));
}

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => delete (globalThis as { fetch?: unknown }).fetch);

test('Continue stays disabled while the username is blank', async () => {
  stubApi({});
  renderDialog();
  expect(screen.getByTestId('forgot-continue')).toBeDisabled();
  await userEvent.type(screen.getByTestId('forgot-username'), '   ');
  expect(screen.getByTestId('forgot-continue')).toBeDisabled();
  expect(calls).toEqual([]);
});

test.each<[string, Answer, string, string]>([
  [
    'an unknown username',
    { status: 404, body: { message: 'The username you entered was not found.' } },
    'Username Not Found',
    'The username you entered was not found.',
  ],
  [
    'a network failure',
    new TypeError('Failed to fetch'),
    'Error',
    'Failed to verify username. Please try again.',
  ],
  [
    'an account without e-mail',
    { status: 200, body: { ok: true, canReset: false, message: 'This account has no e-mail address.' } },
    'Reset Not Available',
    'This account has no e-mail address.',
  ],
])('%s keeps step username with the right toast', async (_case, answer, title, description) => {
  stubApi({ '/api/auth/forgot-password': () => answer });
  renderDialog();
  await userEvent.type(screen.getByTestId('forgot-username'), ' amina ');
  await userEvent.click(screen.getByTestId('forgot-continue'));
  expect(await toast()).toHaveTextContent(title);
  expect(screen.getByTestId('toast')).toHaveTextContent(description);
  expect(step()).toBe('username');
  expect(calls[0]).toEqual({ url: '/api/auth/forgot-password', body: { username: 'amina' } });
});

test('a verified username moves to step reset; Back returns', async () => {
  stubApi({ '/api/auth/forgot-password': verified });
  renderDialog();
  await reachResetStep();
  expect(await toast()).toHaveTextContent('Username Verified');
  expect(screen.getByTestId('forgot-dialog')).toHaveTextContent('a***@example.com');
  await userEvent.click(screen.getByTestId('forgot-back'));
  expect(step()).toBe('username');
  expect(screen.getByTestId('forgot-username')).toHaveValue('amina');
});

test.each<[string, string, string, string, string]>([
  ['no code', '', 'secret12', 'secret12', 'Code Required'],
  ['different passwords', '123456', 'secret12', 'secret13', "Passwords Don't Match"],
  ['a short password', '123456', 'abc', 'abc', 'Password Too Short'],
  ['empty passwords', '123456', '', '', 'Password Too Short'],
])('step reset refuses %s without calling the server', async (_case, code, password, confirm, title) => {
  stubApi({ '/api/auth/forgot-password': verified });
  renderDialog();
  await reachResetStep();
  await fillReset(code, password, confirm);
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(title));
  if (title === "Passwords Don't Match")
    expect(screen.getByTestId('toast')).toHaveTextContent('Please make sure both password fields match.');
  if (title === 'Password Too Short')
    expect(screen.getByTestId('toast')).toHaveTextContent('Password must be at least 6 characters long.');
  expect(calls.map((c) => c.url)).not.toContain('/api/auth/reset-password');
});

test('a good code resets the password, closes the dialog and clears every field', async () => {
  stubApi({
    '/api/auth/forgot-password': verified,
    '/api/auth/reset-password': () => ({ status: 200, body: { ok: true, message: 'Password updated.' } }),
  });
  const { onClose } = renderDialog();
  await reachResetStep();
  await fillReset('123456', 'new-secret', 'new-secret');
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Password Reset Successful'));
  expect(screen.getByTestId('toast')).toHaveTextContent(
    'Your password has been updated. You can now login with your new password.',
  );
  expect(calls.at(-1)).toEqual({
    url: '/api/auth/reset-password',
    body: { username: 'amina', code: '123456', newPassword: 'new-secret' },
  });
  expect(onClose).toHaveBeenCalled();
  expect(step()).toBe('username');
  expect(screen.getByTestId('forgot-username')).toHaveValue('');
});

test.each<[string, Answer, string, string]>([
  [
    'a wrong code',
    { status: 400, body: { message: 'The code is wrong or has expired.' } },
    'Reset Failed',
    'The code is wrong or has expired.',
  ],
  [
    'a network failure',
    new TypeError('Failed to fetch'),
    'Error',
    'Failed to reset password. Please try again.',
  ],
])('%s on reset shows its toast and keeps the dialog', async (_case, answer, title, description) => {
  stubApi({ '/api/auth/forgot-password': verified, '/api/auth/reset-password': () => answer });
  const { onClose } = renderDialog();
  await reachResetStep();
  await fillReset('654321', 'new-secret', 'new-secret');
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(title));
  expect(screen.getByTestId('toast')).toHaveTextContent(description);
  expect(onClose).not.toHaveBeenCalled();
  expect(step()).toBe('reset');
});

test('the code field keeps digits only', async () => {
  stubApi({ '/api/auth/forgot-password': verified });
  renderDialog();
  await reachResetStep();
  await userEvent.type(screen.getByTestId('forgot-code'), '12a3 4-56');
  expect(screen.getByTestId('forgot-code')).toHaveValue('123456');
});

test.each<[string, Answer, string, string]>([
  [
    'an unknown username (its code)',
    {
      status: 404,
      body: {
        statusCode: 404,
        code: 'AUTH_USERNAME_NOT_FOUND',
        message: 'The username you entered was not found.',
      },
    },
    "Nom d'utilisateur introuvable",
    "Le nom d'utilisateur saisi est introuvable.",
  ],
  [
    'too many attempts (the wait from Retry-After)',
    {
      status: 429,
      headers: { 'retry-after': '600' },
      body: {
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait 10 minutes and try again.',
      },
    },
    'Erreur',
    'Trop de tentatives. Veuillez patienter 10 minutes, puis réessayer.',
  ],
  [
    'a code this version does not know (the server’s words)',
    { status: 400, body: { statusCode: 400, code: 'AUTH_SOMETHING_NEWER', message: 'Newer words.' } },
    'Erreur',
    'Newer words.',
  ],
])('in French, %s', async (_case, answer, title, description) => {
  stubApi({ '/api/auth/forgot-password': () => answer });
  renderDialog(jest.fn(), 'fr');
  await userEvent.type(screen.getByTestId('forgot-username'), 'amina');
  await userEvent.click(screen.getByTestId('forgot-continue'));
  expect(await toast()).toHaveTextContent(title);
  expect(screen.getByTestId('toast')).toHaveTextContent(description);
});
