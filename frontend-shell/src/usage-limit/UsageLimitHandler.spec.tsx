import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { UsageLimitErrorBody } from '@kasa/contracts';
import { USAGE_FEATURE_NAMES, USAGE_FEATURES } from '@kasa/contracts';
import { ApiError, apiFetch, createQueryClient } from '@kasa/api-client';
import { LANGUAGE_STORAGE_KEY } from '@kasa/ui';
import { ShellApp } from '../ShellApp';
import { RUNTIME_CONFIG } from '../testing/runtime-config';
import { usageLimitMessages } from './messages';

const user = { id: 'u1', username: 'amina', email: null, createdAt: '2026-01-01T00:00:00.000Z' };

/** A remote making a metered call the way every remote does: through @kasa/api-client. */
function SendingRemote() {
  return (
    <button
      type="button"
      onClick={() => void apiFetch('/api/chat', { method: 'POST', body: {} }).catch(noop)}
    >
      Send
    </button>
  );
}
const noop = () => undefined;

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The network boundary: the session is accepted, POST /api/chat answers `chatAnswer`. */
function stubFetch(chatAnswer: { status: number; body: unknown }) {
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (input: RequestInfo | URL) => {
    const { status, body } =
      String(input) === '/api/auth/user' ? { status: 200, body: { user } } : chatAnswer;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return {
      ok: status < 300,
      status,
      statusText: status === 429 ? 'Too Many Requests' : 'OK',
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => JSON.parse(text),
      text: async () => text,
    } as Response;
  });
}

async function renderSignedInAtChat() {
  localStorage.setItem('auth_token', 'token-1');
  render(
    <MemoryRouter initialEntries={['/chat']}>
      <ShellApp
        loadConfig={() => Promise.resolve(RUNTIME_CONFIG)}
        initialConfig={RUNTIME_CONFIG}
        createRemoteLoader={() => () => Promise.resolve(SendingRemote)}
        queryClient={createQueryClient()}
      />
      <LocationProbe />
    </MemoryRouter>,
  );
  await screen.findByRole('button', { name: 'Send' });
}

const overMessages: UsageLimitErrorBody = {
  error: 'Usage limit exceeded',
  feature: 'messagesPerMonth',
  current: 50,
  limit: 50,
  upgradeRequired: true,
  code: 'USAGE_LIMIT_EXCEEDED',
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
});

async function sendWithFakeTimers() {
  jest.useFakeTimers();
  const events = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await events.click(screen.getByRole('button', { name: 'Send' }));
  // The stubbed answer arrives in microtasks; no timer may run before the clock is checked.
  await act(() => jest.advanceTimersByTimeAsync(0));
  return events;
}

test('an over-quota 429 shows the usage-limit toast for 10 s and moves to /subscription after 3 s', async () => {
  stubFetch({ status: 429, body: overMessages });
  await renderSignedInAtChat();
  await sendWithFakeTimers();

  const toast = screen.getByTestId('toast');
  expect(toast).toHaveAttribute('data-variant', 'destructive');
  expect(toast).toHaveTextContent('Messages Limit Reached');
  expect(toast).toHaveTextContent(
    "You've used 50 of 50 messages for this month. Upgrade to Pro Plan for more usage limits. " +
      'Click the button below to manage your subscription.',
  );
  expect(within(toast).getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute(
    'href',
    '/subscription',
  );

  act(() => jest.advanceTimersByTime(2999));
  expect(screen.getByTestId('location')).toHaveTextContent('/chat');
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId('location')).toHaveTextContent('/subscription');

  act(() => jest.advanceTimersByTime(10_000 - 3000 - 1));
  expect(screen.getByTestId('toast')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
});

test('on Pro the toast says the limits reset next month; voice is shown in minutes', async () => {
  stubFetch({
    status: 429,
    body: {
      ...overMessages,
      feature: 'voiceMinutesPerMonth',
      current: 18_000,
      limit: 18_000,
      upgradeRequired: false,
    },
  });
  await renderSignedInAtChat();
  await sendWithFakeTimers();

  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Voice Minutes Limit Reached');
  expect(toast).toHaveTextContent(
    "You've used 300 of 300 voice minutes for this month. Your limits will reset next month. " +
      'Click the button below to manage your subscription.',
  );
  expect(toast).not.toHaveTextContent('Upgrade to Pro Plan');
});

test('the manage button goes to /subscription at once', async () => {
  stubFetch({ status: 429, body: overMessages });
  await renderSignedInAtChat();
  const events = await sendWithFakeTimers();
  await events.click(await screen.findByRole('link', { name: 'Manage Subscription' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/subscription');
});

test('speaks French', async () => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
  stubFetch({
    status: 429,
    body: { ...overMessages, feature: 'webSearchesPerMonth', current: 20, limit: 20 },
  });
  await renderSignedInAtChat();
  await sendWithFakeTimers();

  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Limite atteinte : Recherches web');
  expect(toast).toHaveTextContent('Vous avez utilisé 20 sur 20 recherches web ce mois-ci.');
  expect(within(toast).getByRole('link', { name: "Gérer l'abonnement" })).toBeInTheDocument();
});

test('a 429 without the usage-limit error shows no limit toast and stays put', async () => {
  stubFetch({ status: 429, body: { statusCode: 429, message: 'Too many requests' } });
  await renderSignedInAtChat();
  await sendWithFakeTimers();
  await act(() => jest.advanceTimersByTimeAsync(5000));
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/chat');
});

test('the English feature names are the display names of USAGE_FEATURE_NAMES', () => {
  for (const feature of USAGE_FEATURES) {
    expect(usageLimitMessages.en[feature]).toBe(USAGE_FEATURE_NAMES[feature]);
  }
  expect(new ApiError(429, 'x', overMessages as unknown as Record<string, unknown>).usageLimit).toEqual(
    overMessages,
  );
});
