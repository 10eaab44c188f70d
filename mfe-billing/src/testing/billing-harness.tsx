// Test harness of the billing pages: the providers the shell gives a remote, and the API at the
// window.fetch boundary (jsdom has no fetch), answering like the real endpoints.
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@kasa/api-client';
import type { PaymentsRuntimeConfig, PlanId, SubscriptionStatus } from '@kasa/contracts';
import { KasaUiProvider, SessionControlsProvider, type Language } from '@kasa/ui';
import App from '../App';

export const PLAN_LIMITS: SubscriptionStatus['planLimits'] = {
  BASIC_PLAN: {
    name: 'Basic',
    price: 0,
    priceXaf: 0,
    messagesPerMonth: 50,
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

export type Answer = { status: number; body?: unknown } | Error;
export type Route = (init: RequestInit | undefined) => Answer;

export interface ApiStub {
  /** Every request, as "METHOD /path" with its parsed JSON body. */
  calls: Array<{ call: string; body?: unknown }>;
  count: (call: string) => number;
}

/** Stubs window.fetch: `routes` keyed "METHOD /path"; anything else fails like a lost connection. */
export function stubApi(routes: Record<string, Route>): ApiStub {
  const calls: ApiStub['calls'] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push({ call, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const route = routes[call];
      const answer = route ? route(init) : new TypeError('Failed to fetch');
      if (answer instanceof Error) throw answer;
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      return {
        ok: answer.status >= 200 && answer.status < 300,
        status: answer.status,
        statusText: '',
        headers: new Headers(text ? { 'content-type': 'application/json' } : {}),
        json: async () => JSON.parse(text),
        text: async () => text,
      } as Response;
    },
  );
  return { calls, count: (call) => calls.filter((c) => c.call === call).length };
}

export const STATUS = 'GET /api/subscription/status';
export const CREATE = 'POST /api/subscription/create';
export const CANCEL = 'POST /api/subscription/cancel';
export const MOBILE_MONEY = 'POST /api/flutterwave/create-mobile-money-payment';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export const SANDBOX: PaymentsRuntimeConfig = { card: 'sandbox', mobileMoney: 'sandbox' };

export function renderBilling({
  path = '/subscription',
  language = 'en',
  username = 'amina',
  payments = SANDBOX,
  queryClient = createQueryClient(),
}: {
  path?: string;
  language?: Language;
  username?: string | null;
  payments?: PaymentsRuntimeConfig;
  queryClient?: QueryClient;
} = {}) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <KasaUiProvider
          appInfo={{ appName: 'Kasa', assistantName: 'Kasa', payments }}
          initialLanguage={language}
        >
          <SessionControlsProvider value={username ? { username, signOut: () => undefined } : null}>
            <App />
          </SessionControlsProvider>
        </KasaUiProvider>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}
