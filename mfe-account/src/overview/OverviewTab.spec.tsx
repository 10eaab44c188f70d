import { act, screen, within } from '@testing-library/react';
import {
  LATEST_EXPORT,
  STATUS,
  amina,
  fail,
  ok,
  renderAccount,
  statusOf,
  stubApi,
} from '../testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
});

const noExport = fail(404, 'ACCOUNT_EXPORT_NOT_FOUND', 'No export yet.');

test('welcome banner, plan badge, and each meter at its level: 79 normal, 80 approaching, 100 reached', async () => {
  // Basic: 100 messages, 5 media, 600 s voice, 5 uploads, 20 searches.
  stubApi({
    [STATUS]: ok(
      statusOf('BASIC_PLAN', { messages: 79, mediaGenerations: 4, voiceMinutes: 600, webSearches: 17 }),
    ),
    [LATEST_EXPORT]: noExport,
  });
  renderAccount();
  expect(screen.getByTestId('account-welcome')).toHaveTextContent('Welcome, amina');
  expect(screen.getByTestId('account-email')).toHaveTextContent('amina@example.cm');
  expect(await screen.findByTestId('account-plan-badge')).toHaveTextContent('Basic');
  expect(screen.getByTestId('manage-subscription-link')).toHaveAttribute('href', '/subscription');

  const panel = screen.getByTestId('account-panel-overview');
  expect(panel.querySelectorAll('[data-testid^="usage-meter-"]')).toHaveLength(5);
  const meter = (feature: string) => screen.getByTestId(`usage-meter-${feature}`);
  const badge = (feature: string) => within(meter(feature)).getByTestId('account-meter-badge');

  expect(meter('messagesPerMonth')).toHaveAttribute('data-level', 'normal');
  expect(badge('messagesPerMonth')).toHaveTextContent('79 %');
  expect(badge('messagesPerMonth')).toHaveAttribute('data-variant', 'secondary');
  expect(meter('messagesPerMonth')).toHaveTextContent('79 / 100');

  // Exactly 80 %: 'Approaching limit', not yet destructive (the product: destructive above 80 %).
  expect(meter('mediaGenerationsPerMonth')).toHaveAttribute('data-level', 'warning');
  expect(badge('mediaGenerationsPerMonth')).toHaveTextContent('Approaching limit');
  expect(badge('mediaGenerationsPerMonth')).toHaveAttribute('data-variant', 'secondary');

  // 85 %: still approaching, now destructive.
  expect(badge('webSearchesPerMonth')).toHaveTextContent('Approaching limit');
  expect(badge('webSearchesPerMonth')).toHaveAttribute('data-variant', 'destructive');

  // 600 s of 600 s: 10 of 10 minutes, limit reached.
  expect(meter('voiceMinutesPerMonth')).toHaveAttribute('data-level', 'reached');
  expect(badge('voiceMinutesPerMonth')).toHaveTextContent('Limit reached');
  expect(badge('voiceMinutesPerMonth')).toHaveAttribute('data-variant', 'destructive');
  expect(meter('voiceMinutesPerMonth')).toHaveTextContent('10 / 10');
});

test("an account without e-mail says 'No email provided'; on Basic the quick action is 'Upgrade to Pro'", async () => {
  stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN')), [LATEST_EXPORT]: noExport });
  renderAccount({ user: { ...amina, email: null } });
  expect(screen.getByTestId('account-email')).toHaveTextContent('No email provided');
  expect(await screen.findByTestId('quick-action-upgrade')).toHaveTextContent('Upgrade to Pro');
  expect(screen.getByTestId('quick-action-upgrade')).toHaveAttribute('href', '/subscription');
  expect(screen.getByTestId('quick-action-chat')).toHaveAttribute('href', '/chat');
  expect(screen.getByTestId('quick-action-studio')).toHaveAttribute('href', '/ai-studio');
});

test('on Pro an unlimited meter reads Unlimited and the plan badge says Pro', async () => {
  stubApi({ [STATUS]: ok(statusOf('PRO_PLAN', { webSearches: 1321 })), [LATEST_EXPORT]: noExport });
  renderAccount();
  expect(await screen.findByTestId('account-plan-badge')).toHaveTextContent('Pro');
  const searches = screen.getByTestId('usage-meter-webSearchesPerMonth');
  expect(searches).toHaveAttribute('data-level', 'unlimited');
  expect(searches).toHaveTextContent('1,321 used, unlimited');
  expect(within(searches).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByTestId('quick-action-upgrade')).not.toHaveTextContent('Upgrade to Pro');
});

test('the meters ask the server again every 30 seconds', async () => {
  jest.useFakeTimers();
  const api = stubApi({ [STATUS]: ok(statusOf('BASIC_PLAN', { messages: 10 })), [LATEST_EXPORT]: noExport });
  renderAccount();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(100);
  });
  expect(api.count(STATUS)).toBe(1);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(29_000);
  });
  expect(api.count(STATUS)).toBe(1);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1_000);
  });
  expect(api.count(STATUS)).toBe(2);
});

test('a status that cannot load says so, with Retry', async () => {
  stubApi({ [LATEST_EXPORT]: noExport });
  renderAccount();
  expect(await screen.findByTestId('account-usage-error')).toHaveTextContent(
    'This could not load. Check your internet connection, then try again.',
  );
});
