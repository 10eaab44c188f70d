// Test harness of AI Studio: the providers the shell gives a remote, and the API at the
// window.fetch boundary (jsdom has no fetch), answering like the real endpoints.
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, createQueryClient } from '@kasa/api-client';
import { USAGE_LIMIT_ERROR, type UsageLimitErrorBody } from '@kasa/contracts';
import { KasaUiProvider, type Language } from '@kasa/ui';
import App from '../App';

export type Answer = { status: number; body?: unknown; blob?: Blob } | Error;
export type Route = (init: RequestInit | undefined) => Answer;

export interface Call {
  call: string;
  /** A JSON body parsed; a multipart body as the FormData sent. */
  body?: unknown;
}

export interface ApiStub {
  calls: Call[];
  count: (call: string) => number;
}

export const MEDIA = 'POST /api/media/generate';
export const SPEAK = 'POST /api/voice/speak';
export const TRANSCRIBE = 'POST /api/voice/transcribe';

export const ok =
  (body: unknown): Route =>
  () => ({ status: 200, body });

/** The over-quota answer of the usage service (docs/product.md#usage-limit). */
export const usageLimit =
  (feature: UsageLimitErrorBody['feature']): Route =>
  () => ({
    status: 429,
    body: {
      error: USAGE_LIMIT_ERROR,
      code: 'USAGE_LIMIT_EXCEEDED',
      feature,
      current: 5,
      limit: 5,
      upgradeRequired: true,
    },
  });

/** Stubs window.fetch: `routes` keyed "METHOD /path?query"; anything else fails like a lost connection. */
export function stubApi(routes: Record<string, Route>): ApiStub {
  const calls: Call[] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      const raw = init?.body;
      calls.push({ call, body: typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined) });
      const route = routes[call];
      const answer = route ? route(init) : new TypeError('Failed to fetch');
      if (answer instanceof Error) throw answer;
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      const contentType = answer.blob?.type ?? (text ? 'application/json' : '');
      return {
        ok: answer.status >= 200 && answer.status < 300,
        status: answer.status,
        statusText: '',
        headers: new Headers(contentType ? { 'content-type': contentType } : {}),
        json: async () => JSON.parse(text),
        text: async () => text,
        blob: async () => answer.blob ?? new Blob([text], { type: contentType }),
      } as Response;
    },
  );
  return { calls, count: (call) => calls.filter((c) => c.call === call).length };
}

/** Watches the app-wide usage-limit handler (the shell's toast), which the API client calls. */
export function watchUsageLimit(): jest.Mock {
  const onUsageLimit = jest.fn();
  configureApiClient({ onUsageLimit });
  return onUsageLimit;
}

/** Saved files: the names given to the <a download> links clicked, and their object URLs. */
export function watchDownloads(): { names: string[] } {
  const names: string[] = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:saved'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names };
}

/** Makes <audio>.play() succeed or fail (jsdom does not play media). */
export function stubPlayback(works = true): jest.SpyInstance {
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  return jest
    .spyOn(HTMLMediaElement.prototype, 'play')
    .mockImplementation(() => (works ? Promise.resolve() : Promise.reject(new Error('NotSupportedError'))));
}

export function resetStudioStubs(): void {
  delete (globalThis as { fetch?: unknown }).fetch;
  configureApiClient({ onUsageLimit: () => undefined });
  jest.restoreAllMocks();
}

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export function renderStudio({
  path = '/ai-studio',
  language = 'en',
}: { path?: string; language?: Language } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <KasaUiProvider appInfo={{ appName: 'Kasa', assistantName: 'Kasa' }} initialLanguage={language}>
          <App />
        </KasaUiProvider>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
