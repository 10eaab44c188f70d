// The shared harness itself: what the remotes' specs rely on.
import { screen } from '@testing-library/react';
import { CURRENT_USER_QUERY_KEY, apiFetch } from '@kasa/api-client';
import { DEFAULT_PAYMENTS, useAppInfo } from '../app-info';
import {
  TEST_PLAN_LIMITS,
  TEST_USER,
  fail,
  ok,
  renderRemote,
  signIn,
  stubApi,
  subscriptionStatusOf,
  unstubApi,
} from './index';

afterEach(() => {
  unstubApi();
  localStorage.clear();
});

describe('stubApi', () => {
  test('answers routed calls with JSON and records each call, its parsed body and bearer token', async () => {
    const api = stubApi({ 'POST /api/things': (body) => ({ status: 201, body: { echo: body } }) });
    localStorage.setItem('auth_token', 'token-9');
    await expect(apiFetch('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      echo: { a: 1 },
    });
    expect(api.calls).toEqual([{ call: 'POST /api/things', body: { a: 1 }, token: 'token-9' }]);
    expect(api.count('POST /api/things')).toBe(1);
    expect(api.bodiesOf('POST /api/things')).toEqual([{ a: 1 }]);
  });

  test('without a token the call has no token field; unknown routes fail like a lost connection', async () => {
    const api = stubApi({});
    await expect(apiFetch('/api/nowhere')).rejects.toBeInstanceOf(TypeError);
    expect(api.calls).toEqual([{ call: 'GET /api/nowhere', body: undefined }]);
    expect(api.calls[0]).not.toHaveProperty('token');
  });

  test('fail() answers the server error body; ok() a 200; a Blob answer carries its type', async () => {
    stubApi({
      'GET /api/bad': fail(409, 'SOME_CODE', 'Nope'),
      'GET /api/good': ok({ fine: true }),
      'GET /api/file': () => ({ status: 200, blob: new Blob(['x'], { type: 'image/png' }) }),
    });
    await expect(apiFetch('/api/bad')).rejects.toMatchObject({ status: 409, code: 'SOME_CODE' });
    await expect(apiFetch('/api/good')).resolves.toEqual({ fine: true });
    const response = await fetch('/api/file');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await response.blob()).type).toBe('image/png');
  });

  test('unstubApi removes the fake fetch', () => {
    stubApi({});
    unstubApi();
    expect((globalThis as { fetch?: unknown }).fetch).toBeUndefined();
  });
});

describe('renderRemote', () => {
  function Names() {
    const { appName, payments } = useAppInfo();
    return <p>{`${appName} ${payments.card}`}</p>;
  }

  test('renders inside the shell providers at `path`, with the location probe and the query client', () => {
    const { queryClient } = renderRemote(<Names />, {
      path: '/x?y=1',
      appInfo: { payments: { ...DEFAULT_PAYMENTS, card: 'stripe' } },
    });
    expect(screen.getByText('Kasa stripe')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/x?y=1');
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(false);
  });

  test('probeLocation: false leaves the probe out', () => {
    renderRemote(<Names />, { path: '/', probeLocation: false });
    expect(screen.queryByTestId('location')).toBeNull();
  });

  test('signIn stores the token and caches the user as the shell does', () => {
    const { queryClient } = renderRemote(<Names />, { path: '/' });
    signIn(queryClient, TEST_USER, 'token-2');
    expect(localStorage.getItem('auth_token')).toBe('token-2');
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(TEST_USER);
  });
});

test('subscriptionStatusOf rounds percentages down and reports 0 for unlimited counters', () => {
  const status = subscriptionStatusOf('PRO_PLAN', { messages: 1999, webSearches: 7 });
  expect(status.usage.percentages.messages).toBe(99);
  expect(status.usage.percentages.webSearches).toBe(0);
  expect(status.usage.limits.messagesPerMonth).toBe(TEST_PLAN_LIMITS.PRO_PLAN.messagesPerMonth);
  const custom = {
    ...TEST_PLAN_LIMITS,
    BASIC_PLAN: { ...TEST_PLAN_LIMITS.BASIC_PLAN, messagesPerMonth: 100 },
  };
  expect(subscriptionStatusOf('BASIC_PLAN', { messages: 50 }, null, custom).usage.percentages.messages).toBe(
    50,
  );
});
