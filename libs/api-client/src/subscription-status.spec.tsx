// The shared subscription-status query against a stubbed window.fetch (jsdom has none).
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@kasa/contracts';
import {
  SUBSCRIPTION_STATUS_QUERY_KEY,
  SUBSCRIPTION_STATUS_REFRESH_MS,
  createQueryClient,
  useSubscriptionStatus,
} from './index';

const status = { plan: 'BASIC_PLAN' } as SubscriptionStatus;
let urls: string[];

beforeEach(() => {
  urls = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return {
      ok: true,
      status: 200,
      statusText: '',
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => status,
      text: async () => JSON.stringify(status),
    } as Response;
  });
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  jest.useRealTimers();
});

function wrapperWith(queryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

test('the key is the GET path, so the default query function fetches it', () => {
  expect(SUBSCRIPTION_STATUS_QUERY_KEY).toEqual(['/api/subscription/status']);
  expect(SUBSCRIPTION_STATUS_REFRESH_MS).toBe(30_000);
});

test('reads GET /api/subscription/status once into the shared cache, whoever asks', async () => {
  const { queryClient, wrapper } = wrapperWith();
  const first = renderHook(() => useSubscriptionStatus(), { wrapper });
  await waitFor(() => expect(first.result.current.data).toEqual(status));
  const second = renderHook(() => useSubscriptionStatus({ refreshMs: SUBSCRIPTION_STATUS_REFRESH_MS }), {
    wrapper,
  });
  expect(second.result.current.data).toEqual(status);
  expect(urls).toEqual(['/api/subscription/status']);
  expect(queryClient.getQueryData(SUBSCRIPTION_STATUS_QUERY_KEY)).toEqual(status);
});

test('refreshMs polls while mounted; without it the status is not read again', async () => {
  jest.useFakeTimers();
  const once = renderHook(() => useSubscriptionStatus(), { wrapper: wrapperWith().wrapper });
  await waitFor(() => expect(once.result.current.isSuccess).toBe(true));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(3 * SUBSCRIPTION_STATUS_REFRESH_MS);
  });
  expect(urls).toHaveLength(1);
  once.unmount();

  urls = [];
  const polled = renderHook(() => useSubscriptionStatus({ refreshMs: SUBSCRIPTION_STATUS_REFRESH_MS }), {
    wrapper: wrapperWith().wrapper,
  });
  await waitFor(() => expect(polled.result.current.isSuccess).toBe(true));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(2 * SUBSCRIPTION_STATUS_REFRESH_MS);
  });
  expect(urls).toHaveLength(3);
  polled.unmount();
});
