import { COOKIE_SESSION_STORAGE_KEY } from '@kasa/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountExportView } from '@kasa/contracts';
import {
  LATEST_EXPORT,
  STATUS,
  fail,
  ok,
  renderAccount,
  statusOf,
  stubApi,
  type Route,
} from '../testing/account-harness';

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
});

const view = (overrides: Partial<AccountExportView>): AccountExportView => ({
  id: 'e1',
  status: 'queued',
  progress: 0,
  createdAt: '2026-11-24T10:00:00.000Z',
  completedAt: null,
  expiresAt: null,
  downloadUrl: null,
  sizeBytes: null,
  error: null,
  ...overrides,
});

const done = view({
  status: 'completed',
  progress: 100,
  completedAt: '2026-11-24T10:00:05.000Z',
  expiresAt: '2026-11-25T10:00:05.000Z',
  downloadUrl: '/api/account/export/e1/download?expires=1&signature=abc',
  sizeBytes: 2048,
});

/** Answers the poll with each view in turn, then the last one again. */
function sequence(...views: AccountExportView[]): Route {
  let i = 0;
  return () => ({ status: 200, body: views[Math.min(i++, views.length - 1)] });
}

test('Export Data starts an export, shows its progress every second, then the download link', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const api = stubApi({
    [STATUS]: ok(statusOf('BASIC_PLAN')),
    [LATEST_EXPORT]: fail(404, 'ACCOUNT_EXPORT_NOT_FOUND', 'No export yet.'),
    'POST /api/account/export': () => ({ status: 202, body: { export: view({}), reused: false } }),
    'GET /api/account/export/e1': sequence(view({ status: 'running', progress: 40 }), done),
  });
  // The shell's cookie-consent session of this page load goes with it (its choices are in account.json).
  sessionStorage.setItem(COOKIE_SESSION_STORAGE_KEY, '0b6f3c1e-7d2a-4c1b-9e8f-2a3b4c5d6e7f');
  renderAccount();
  await userEvent.click(await screen.findByTestId('export-start'));
  expect(api.bodiesOf('POST /api/account/export')).toEqual([
    { cookieSessionId: '0b6f3c1e-7d2a-4c1b-9e8f-2a3b4c5d6e7f' },
  ]);
  sessionStorage.clear();
  expect(await screen.findByTestId('export-progress')).toHaveAttribute('aria-valuenow', '0');

  await act(async () => {
    await jest.advanceTimersByTimeAsync(1000);
  });
  await waitFor(() => expect(screen.getByTestId('export-progress')).toHaveAttribute('aria-valuenow', '40'));
  expect(screen.getByText('Preparing your data: 40 %')).toBeInTheDocument();

  await act(async () => {
    await jest.advanceTimersByTimeAsync(1000);
  });
  const link = await screen.findByTestId('export-download');
  expect(link).toHaveTextContent('Download your data (ZIP)');
  expect(link).toHaveAttribute('href', done.downloadUrl);
  expect(link).toHaveAttribute('download');
  expect(screen.getByTestId('account-export')).toHaveTextContent(/Link valid until 25 Nov 2026/);
  expect(screen.queryByTestId('export-progress')).not.toBeInTheDocument();

  // Done: the polling stops.
  const polls = api.count('GET /api/account/export/e1');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(3000);
  });
  expect(api.count('GET /api/account/export/e1')).toBe(polls);
});

test('on load the latest export is shown again: a running one resumes its progress', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const api = stubApi({
    [STATUS]: ok(statusOf('BASIC_PLAN')),
    [LATEST_EXPORT]: ok(view({ status: 'running', progress: 70 })),
    'GET /api/account/export/e1': ok(done),
  });
  renderAccount();
  expect(await screen.findByTestId('export-progress')).toHaveAttribute('aria-valuenow', '70');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1000);
  });
  expect(await screen.findByTestId('export-download')).toBeInTheDocument();
  expect(api.count(LATEST_EXPORT)).toBe(1);
});

test('a failed export says why and offers Try again, which starts a new one', async () => {
  const failed = view({
    status: 'failed',
    error: { code: 'ACCOUNT_EXPORT_FAILED', message: 'The export could not be built. Please try again.' },
  });
  const api = stubApi({
    [STATUS]: ok(statusOf('BASIC_PLAN')),
    [LATEST_EXPORT]: ok(failed),
    'POST /api/account/export': () => ({ status: 202, body: { export: view({ id: 'e2' }), reused: false } }),
    'GET /api/account/export/e2': ok(view({ id: 'e2', status: 'running', progress: 10 })),
  });
  renderAccount();
  expect(await screen.findByTestId('export-failed')).toHaveTextContent(
    'The export could not be built. Please try again.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(api.count('POST /api/account/export')).toBe(1);
  expect(await screen.findByTestId('export-progress')).toBeInTheDocument();
});

test('an export that cannot start says so', async () => {
  stubApi({
    [STATUS]: ok(statusOf('BASIC_PLAN')),
    [LATEST_EXPORT]: fail(404, 'ACCOUNT_EXPORT_NOT_FOUND', 'No export yet.'),
    'POST /api/account/export': fail(429, 'RATE_LIMITED', 'Too many requests.'),
  });
  renderAccount();
  await userEvent.click(await screen.findByTestId('export-start'));
  // No Retry-After to fill the code's {wait}: the server's own words.
  expect(await screen.findByTestId('export-error')).toHaveTextContent('Too many requests.');
  expect(screen.getByTestId('export-start')).toBeEnabled();
});
