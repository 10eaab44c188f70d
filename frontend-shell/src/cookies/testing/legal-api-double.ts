// Test double of the legal API at the network boundary (global fetch: jsdom has none). It answers
// like backend/src/legal: validates the POST body, stores one record per sessionId, and answers
// GET with the record or JSON null; GET /api/legal/pages/{type}?lang= answers the page in that
// language, else the English one, else 404. Tests can make the next answers fail or hang.
import {
  type CookiePreferencesResponse,
  LEGAL_PAGE_LANGUAGES,
  type LegalPageResponse,
  type LegalPageType,
} from '@kasa/contracts';

/** A stored legal page: the answer, and the type it answers for. */
export type LegalPageRecord = LegalPageResponse & { type: LegalPageType };

export interface SeenRequest {
  method: string;
  url: string;
  contentType: string | null;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
/** Returns a reply, throws (network failure) or returns undefined to let the double answer. */
export type Override = (request: SeenRequest) => Reply | undefined | Promise<Reply | undefined>;

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;
const FLAGS = ['necessary', 'analytics', 'marketing', 'preferences'] as const;

function toResponse({ status, body }: Reply): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new Headers(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    json: async () => JSON.parse(text),
    text: async () => text,
  } as Response;
}

function validate(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'body must be an object';
  const b = body as Record<string, unknown>;
  if (typeof b.sessionId !== 'string' || !SESSION_ID.test(b.sessionId)) return 'bad sessionId';
  for (const flag of FLAGS) if (typeof b[flag] !== 'boolean') return `${flag} must be true or false`;
  if (b.necessary !== true) return 'necessary must be true';
  const extra = Object.keys(b).filter((k) => k !== 'sessionId' && !FLAGS.includes(k as never));
  if (extra.length) return `property ${extra[0]} should not exist`;
  return null;
}

function answerPage(pages: readonly LegalPageRecord[], slug: string, url: string): Reply {
  const lang = new URL(url, 'http://localhost').searchParams.get('lang') ?? 'en';
  if (!(LEGAL_PAGE_LANGUAGES as readonly string[]).includes(lang))
    return { status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'lang' } };
  const type = slug.replace(/-/g, '_');
  const page =
    pages.find((p) => p.type === type && p.language === lang) ??
    pages.find((p) => p.type === type && p.language === 'en');
  if (!page) return { status: 404, body: { statusCode: 404, code: 'LEGAL_PAGE_NOT_FOUND', message: type } };
  const { type: _type, ...response } = page;
  return { status: 200, body: response };
}

export function installLegalApiDouble({ pages = [] }: { pages?: readonly LegalPageRecord[] } = {}) {
  const stored = new Map<string, CookiePreferencesResponse>();
  const seen: SeenRequest[] = [];
  let override: Override | null = null;

  const answer = (request: SeenRequest): Reply => {
    const path = request.url.split('?')[0];
    if (request.method === 'POST' && path === '/api/legal/cookie-preferences') {
      const problem = validate(request.body);
      if (problem) return { status: 400, body: { statusCode: 400, message: problem } };
      const record = { ...(request.body as CookiePreferencesResponse), updatedAt: new Date().toISOString() };
      stored.set(record.sessionId, record);
      return { status: 200, body: record };
    }
    const page = /^\/api\/legal\/pages\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && page) return answerPage(pages, page[1], request.url);
    const get = /^\/api\/legal\/cookie-preferences\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && get) {
      if (!request.url.endsWith('?type=session')) return { status: 400, body: { message: 'type' } };
      return { status: 200, body: stored.get(decodeURIComponent(get[1])) ?? null };
    }
    return { status: 404, body: { statusCode: 404, message: `Cannot ${request.method} ${path}` } };
  };

  const fetchDouble = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const request: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input),
      contentType: headers.get('content-type'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    seen.push(request);
    const signal = init.signal;
    const aborted = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason));
    });
    aborted.catch(() => undefined); // an abort after the answer is nobody's concern
    const reply = await Promise.race([Promise.resolve(override?.(request)), aborted]);
    return toResponse(reply ?? answer(request));
  });
  (globalThis as { fetch?: unknown }).fetch = fetchDouble;

  return {
    stored,
    seen,
    /** Bodies of every POST to /api/legal/cookie-preferences, in order. */
    posts: () => seen.filter((r) => r.method === 'POST').map((r) => r.body),
    gets: () => seen.filter((r) => r.method === 'GET').map((r) => r.url),
    override: (next: Override | null) => {
      override = next;
    },
  };
}

export function removeFetch(): void {
  delete (globalThis as { fetch?: unknown }).fetch;
}

/** A promise with its resolve function exposed: holds an answer until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
