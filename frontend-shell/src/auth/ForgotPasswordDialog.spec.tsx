import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import type { SupportContacts } from '@kasa/contracts';
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

function renderDialog(onClose = jest.fn(), language: 'en' | 'fr' = 'en', support: SupportContacts = {}) {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <KasaUiProvider initialLanguage={language} appInfo={{ support }}>
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
    'This account has no e-mail address, so we cannot send a reset code. Sign in and add an e-mail on the Account page, or contact support.',
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

test.each<[string, string, string, string]>([
  [
    'AUTH_RESET_CODE_WRONG',
    'The reset code is not correct. 2 tries left.',
    "Le code de réinitialisation n'est pas correct.",
    'tries left',
  ],
  [
    'AUTH_RESET_CODE_EXPIRED',
    'This reset code has expired or was already used. Please request a new code.',
    'Ce code de réinitialisation a expiré ou a déjà été utilisé. Veuillez demander un nouveau code.',
    'expired',
  ],
  [
    'AUTH_RESET_CODE_LOCKED',
    'Too many wrong codes. Please request a new code.',
    'Trop de codes erronés. Veuillez demander un nouveau code.',
    'Too many',
  ],
])('in French, the reset refused with %s reads in French', async (code, message, french, english) => {
  stubApi({
    '/api/auth/forgot-password': verified,
    '/api/auth/reset-password': () => ({ status: 400, body: { statusCode: 400, code, message } }),
  });
  renderDialog(jest.fn(), 'fr');
  await reachResetStep();
  await fillReset('654321', 'new-secret', 'new-secret');
  await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent(french));
  expect(screen.getByTestId('toast')).not.toHaveTextContent(english);
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

const noEmailAnswer = () => ({
  status: 200,
  body: { ok: true, canReset: false, message: 'This account has no e-mail address.' },
});

test('an account without e-mail is pointed to the configured support contacts', async () => {
  stubApi({ '/api/auth/forgot-password': noEmailAnswer });
  renderDialog(jest.fn(), 'en', { email: 'help@kasa.example', whatsapp: '+237677123456' });
  const note = screen.getByTestId('forgot-support');
  // Before asking: the way out is there already.
  expect(note).toHaveTextContent('No e-mail on your account? Contact support to reset your password:');
  expect(note).toHaveAttribute('data-no-email', 'false');
  await userEvent.type(screen.getByTestId('forgot-username'), 'amina');
  await userEvent.click(screen.getByTestId('forgot-continue'));
  await waitFor(() => expect(note).toHaveAttribute('data-no-email', 'true'));
  expect(note).toHaveTextContent(
    'This account has no e-mail address, so we cannot send it a code. Contact support to reset your password:',
  );
  expect(within(note).getByRole('link', { name: 'E-mail: help@kasa.example' })).toHaveAttribute(
    'href',
    'mailto:help@kasa.example',
  );
  expect(within(note).getByRole('link', { name: 'WhatsApp: +237677123456' })).toHaveAttribute(
    'href',
    'https://wa.me/237677123456',
  );
  expect(step()).toBe('username');
  // Another username: the answer was about the previous one.
  await userEvent.type(screen.getByTestId('forgot-username'), '2');
  expect(note).toHaveAttribute('data-no-email', 'false');
});

test('without configured contacts it says to ask whoever runs this server, in French too', async () => {
  stubApi({ '/api/auth/forgot-password': noEmailAnswer });
  renderDialog(jest.fn(), 'fr');
  const note = screen.getByTestId('forgot-support');
  expect(note).toHaveTextContent(
    "Pas d'e-mail sur votre compte ? Demandez à la personne qui gère ce serveur Kasa de réinitialiser votre mot de passe.",
  );
  expect(within(note).queryByRole('link')).not.toBeInTheDocument();
  await userEvent.type(screen.getByTestId('forgot-username'), 'amina');
  await userEvent.click(screen.getByTestId('forgot-continue'));
  await waitFor(() => expect(note).toHaveAttribute('data-no-email', 'true'));
  expect(note).toHaveTextContent(
    "Ce compte n'a pas d'adresse e-mail : nous ne pouvons pas lui envoyer de code.",
  );
  // The answer (a 200 in English, without a code) is worded as AUTH_RESET_UNAVAILABLE in French.
  await waitFor(() =>
    expect(screen.getByTestId('toast')).toHaveTextContent(
      "Ce compte n'a pas d'adresse e-mail : nous ne pouvons pas envoyer de code de réinitialisation.",
    ),
  );
  expect(screen.getByTestId('toast')).not.toHaveTextContent('This account has no e-mail address');
});

test('in English without contacts: ask whoever runs this Kasa server', () => {
  stubApi({});
  renderDialog();
  expect(screen.getByTestId('forgot-support')).toHaveTextContent(
    'No e-mail on your account? Ask whoever runs this Kasa server to reset your password.',
  );
});

test('Back closes it and stays on the landing page (docs/product.md#back-and-escape-on-phones)', async () => {
  window.history.replaceState({ idx: 0 }, '', '/');
  const { onClose } = renderDialog();
  await waitFor(() => expect(window.history.state).toMatchObject({ kasaLayer: expect.anything() }));
  window.history.back();
  await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  expect(window.location.pathname).toBe('/');
});
