// A fake API at the window.fetch boundary (jsdom has no fetch): routes keyed "METHOD /path?query"
// answer like the real endpoints; anything else fails like a lost connection.

/** A route's answer: a status with a JSON body (or a Blob), or an Error fetch rejects with. */
export type Answer =
  { status: number; body?: unknown; blob?: Blob; headers?: Record<string, string> } | Error;

/** `body` is the request's JSON body parsed (a multipart body as the FormData sent). */
export type Route = (body: unknown, init: RequestInit | undefined) => Answer;

export interface ApiCall {
  /** "METHOD /path?query" */
  call: string;
  /** A JSON body parsed; a multipart body as the FormData sent; undefined without a body. */
  body?: unknown;
  /** The bearer token sent; absent when the request carried none. */
  token?: string;
}

export interface ApiStub {
  /** Every request, in order. */
  calls: ApiCall[];
  count: (call: string) => number;
  bodiesOf: (call: string) => unknown[];
}

/** 200 with `body`. */
export const ok =
  (body: unknown): Route =>
  () => ({ status: 200, body });

/** An API error body as the server sends it (docs/product.md#api-conventions). */
export const fail =
  (status: number, code: string, message: string): Route =>
  () => ({ status, body: { statusCode: status, error: 'Error', code, message } });

/** Replaces globalThis.fetch with a jest mock answering `routes`. Undo with `unstubApi()`. */
export function stubApi(routes: Record<string, Route>): ApiStub {
  const calls: ApiCall[] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      const raw = init?.body;
      const body = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined);
      const auth = new Headers(init?.headers).get('Authorization');
      calls.push(auth ? { call, body, token: auth.replace(/^Bearer /, '') } : { call, body });
      const route = routes[call];
      const answer = route ? route(body, init) : new TypeError('Failed to fetch');
      if (answer instanceof Error) throw answer;
      return fakeResponse(answer);
    },
  );
  return {
    calls,
    count: (call) => calls.filter((c) => c.call === call).length,
    bodiesOf: (call) => calls.filter((c) => c.call === call).map((c) => c.body),
  };
}

/** Removes the stubbed fetch (jsdom's window then has none again). */
export function unstubApi(): void {
  delete (globalThis as { fetch?: unknown }).fetch;
}

function fakeResponse(answer: Exclude<Answer, Error>): Response {
  const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
  const contentType = answer.blob?.type ?? (text ? 'application/json' : '');
  return {
    ok: answer.status >= 200 && answer.status < 300,
    status: answer.status,
    statusText: '',
    headers: new Headers({ ...(contentType ? { 'content-type': contentType } : {}), ...answer.headers }),
    json: async () => JSON.parse(text),
    text: async () => text,
    blob: async () => answer.blob ?? new Blob([text], { type: contentType }),
  } as Response;
}
