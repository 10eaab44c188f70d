// Test harness of the account page: the providers the shell gives a remote, and the API at the
// window.fetch boundary (jsdom has no fetch), answering like the real endpoints.
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY, createQueryClient } from '@kasa/api-client';
import type { AccountSecurity, AuthUser, PlanId, SubscriptionStatus } from '@kasa/contracts';
import { KasaUiProvider, type Language } from '@kasa/ui';
import App from '../App';

export const amina: AuthUser = {
  id: 'u1',
  username: 'amina',
  email: 'amina@example.cm',
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const PLAN_LIMITS: SubscriptionStatus['planLimits'] = {
  BASIC_PLAN: {
    name: 'Basic',
    price: 0,
    priceXaf: 0,
    messagesPerMonth: 100,
    mediaGenerationsPerMonth: 5,
    voiceMinutesPerMonth: 600,
    audioUploadsPerMonth: 5,
    webSearchesPerMonth: 20,
  },
  PRO_PLAN: {
    name: 'Pro',
    price: 4,
    priceXaf: 2500,
    messagesPerMonth: 2000,
    mediaGenerationsPerMonth: 200,
    voiceMinutesPerMonth: 18000,
    audioUploadsPerMonth: 500,
    webSearchesPerMonth: -1,
  },
};

type Counters = SubscriptionStatus['usage']['current'];

/** A status as GET /api/subscription/status answers it: percentages rounded down, 0 when unlimited. */
export function statusOf(
  plan: PlanId,
  current: Partial<Counters> = {},
  subscription: SubscriptionStatus['subscription'] = null,
): SubscriptionStatus {
  const limits = PLAN_LIMITS[plan];
  const counts: Counters = {
    messages: 0,
    mediaGenerations: 0,
    voiceMinutes: 0,
    audioUploads: 0,
    webSearches: 0,
    ...current,
  };
  const percent = (used: number, limit: number) => (limit === -1 ? 0 : Math.floor((used / limit) * 100));
  return {
    plan,
    planLimits: PLAN_LIMITS,
    usage: {
      current: counts,
      limits: {
        messagesPerMonth: limits.messagesPerMonth,
        mediaGenerationsPerMonth: limits.mediaGenerationsPerMonth,
        voiceMinutesPerMonth: limits.voiceMinutesPerMonth,
        audioUploadsPerMonth: limits.audioUploadsPerMonth,
        webSearchesPerMonth: limits.webSearchesPerMonth,
      },
      percentages: {
        messages: percent(counts.messages, limits.messagesPerMonth),
        mediaGenerations: percent(counts.mediaGenerations, limits.mediaGenerationsPerMonth),
        voiceMinutes: percent(counts.voiceMinutes, limits.voiceMinutesPerMonth),
        audioUploads: percent(counts.audioUploads, limits.audioUploadsPerMonth),
        webSearches: percent(counts.webSearches, limits.webSearchesPerMonth),
      },
    },
    subscription,
    usageResetsAt: '2026-02-01T00:00:00.000Z',
  };
}

export function securityOf(overrides: Partial<AccountSecurity> = {}): AccountSecurity {
  return {
    passwordChangedAt: '2026-11-24T09:00:00.000Z',
    twoFactor: { enabled: false, enabledAt: null, backupCodesLeft: 0 },
    ...overrides,
  };
}

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;
export type Route = (body: unknown, init: RequestInit | undefined) => Answer;

export interface ApiStub {
  /** Every request, as "METHOD /path" with its parsed JSON body and bearer token. */
  calls: Array<{ call: string; body?: unknown; token: string | null }>;
  count: (call: string) => number;
  bodiesOf: (call: string) => unknown[];
}

export const ok =
  (body: unknown): Route =>
  () => ({ status: 200, body });

/** An API error body as the server sends it. */
export const fail =
  (status: number, code: string, message: string): Route =>
  () => ({ status, body: { statusCode: status, error: 'Error', code, message } });

/** Stubs window.fetch: `routes` keyed "METHOD /path"; anything else fails like a lost connection. */
export function stubApi(routes: Record<string, Route>): ApiStub {
  const calls: ApiStub['calls'] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const auth = new Headers(init?.headers).get('Authorization');
      calls.push({ call, body, token: auth ? auth.replace(/^Bearer /, '') : null });
      const route = routes[call];
      const answer = route ? route(body, init) : new TypeError('Failed to fetch');
      if (answer instanceof Error) throw answer;
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      return {
        ok: answer.status >= 200 && answer.status < 300,
        status: answer.status,
        statusText: '',
        headers: new Headers({ ...(text ? { 'content-type': 'application/json' } : {}), ...answer.headers }),
        json: async () => JSON.parse(text),
        text: async () => text,
      } as Response;
    },
  );
  return {
    calls,
    count: (call) => calls.filter((c) => c.call === call).length,
    bodiesOf: (call) => calls.filter((c) => c.call === call).map((c) => c.body),
  };
}

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/**
 * Renders the account page signed in as `user` (token 'token-1', the session already in the
 * shared cache as the shell leaves it), at /account?tab=<tab>.
 */
export function renderAccount({
  tab,
  path,
  language = 'en',
  user = amina,
  queryClient = createQueryClient(),
}: {
  tab?: string;
  path?: string;
  language?: Language;
  user?: AuthUser | null;
  queryClient?: QueryClient;
} = {}) {
  if (user) {
    localStorage.setItem('auth_token', 'token-1');
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path ?? (tab ? `/account?tab=${tab}` : '/account')]}>
        <KasaUiProvider appInfo={{ appName: 'Kasa', assistantName: 'Kasa' }} initialLanguage={language}>
          <App />
        </KasaUiProvider>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}

export const USER = 'GET /api/auth/user';
export const STATUS = 'GET /api/subscription/status';
export const SECURITY = 'GET /api/auth/security';
export const HISTORY = 'GET /api/account/billing-history';
export const NOTIFICATIONS = 'GET /api/account/notifications';
export const LATEST_EXPORT = 'GET /api/account/export/latest';
