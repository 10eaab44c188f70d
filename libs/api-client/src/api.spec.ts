/**
 * @jest-environment node
 */
// Real HTTP against a loopback server (node:http on 127.0.0.1:0) with Node's own fetch.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryObserver } from '@tanstack/react-query';
import {
  AUTH_TOKEN_STORAGE_KEY,
  ApiError,
  apiFetch,
  apiUrl,
  configureApiClient,
  createQueryClient,
  parseRetryAfter,
  queryKeyToPath,
  readStoredToken,
} from './index';

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: string;
}

const overQuotaBody = {
  error: 'Usage limit exceeded',
  feature: 'messagesPerMonth',
  current: 50,
  limit: 50,
  upgradeRequired: true,
  code: 'USAGE_LIMIT_EXCEEDED',
};

let server: Server;
let origin: string;
const seen: Seen[] = [];
let token: string | null = null;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({
      method: req.method,
      url: req.url,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    if (req.url === '/api/ok') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ hello: 'farmer' }));
    } else if (req.url === '/api/echo') {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(body);
    } else if (req.url === '/api/empty') {
      res.writeHead(204);
      res.end();
    } else if (req.url === '/api/validation') {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          statusCode: 400,
          error: 'Bad Request',
          message: 'username must be longer than or equal to 3 characters',
          details: ['username must be longer than or equal to 3 characters'],
          path: '/api/validation',
          requestId: 'r1',
          timestamp: new Date(0).toISOString(),
        }),
      );
    } else if (req.url === '/api/plain') {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('upstream down');
    } else if (req.url === '/api/bare') {
      res.writeHead(503, 'Service Unavailable');
      res.end();
    } else if (req.url === '/api/over-quota') {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '86400' });
      res.end(JSON.stringify(overQuotaBody));
    } else if (req.url === '/api/throttled') {
      res.writeHead(429, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 429, message: 'Too many sign-in attempts' }));
    } else if (req.url === '/api/rate-limited') {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '300' });
      res.end(
        JSON.stringify({
          statusCode: 429,
          error: 'Too Many Requests',
          code: 'RATE_LIMITED',
          message: 'Too many attempts. Please wait 5 minutes and try again.',
          path: '/api/rate-limited',
          requestId: 'r2',
          timestamp: new Date(0).toISOString(),
        }),
      );
    } else if (req.url === '/api/throttled-text') {
      res.writeHead(429, 'Too Many Requests');
      res.end();
    } else if (req.url === '/api/not-quite-quota') {
      res.writeHead(429, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ...overQuotaBody, feature: 'tokensPerMonth' }));
    } else if (req.url?.startsWith('/api/chat/conversations')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ path: req.url }));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApiClient({ origin, getToken: () => token });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  token = null;
});

test('paths go under /api on the configured origin', () => {
  expect(apiUrl('/chat')).toBe(`${origin}/api/chat`);
  expect(apiUrl('chat')).toBe(`${origin}/api/chat`);
  expect(apiUrl('/api/chat')).toBe(`${origin}/api/chat`);
  expect(apiUrl('https://example.org/x')).toBe('https://example.org/x');
});

test('GET returns parsed JSON and sends no Authorization when signed out', async () => {
  await expect(apiFetch('/ok')).resolves.toEqual({ hello: 'farmer' });
  expect(seen[0].method).toBe('GET');
  expect(seen[0].authorization).toBeUndefined();
});

test('sends the Bearer token when there is one', async () => {
  token = 'tok-123';
  await apiFetch('/ok');
  expect(seen[0].authorization).toBe('Bearer tok-123');
});

test('by default the token is read from localStorage "auth_token"', async () => {
  const store = new Map<string, string>();
  // Node has no localStorage: a minimal Storage stand-in holding the token.
  (globalThis as { localStorage?: Pick<Storage, 'getItem'> }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
  };
  try {
    configureApiClient({ getToken: readStoredToken });
    await apiFetch('/ok');
    store.set(AUTH_TOKEN_STORAGE_KEY, 'stored-token');
    await apiFetch('/ok');
    expect(seen.map((s) => s.authorization)).toEqual([undefined, 'Bearer stored-token']);
  } finally {
    delete (globalThis as { localStorage?: unknown }).localStorage;
    configureApiClient({ getToken: () => token });
  }
});

test("where the browser has scheduler.yield, a request is sent only after the page's turn", async () => {
  const order: string[] = [];
  let release!: () => void;
  const scheduler = {
    yield: () => {
      order.push('yield');
      return new Promise<void>((resolve) => (release = resolve));
    },
  };
  Object.assign(globalThis, { scheduler });
  try {
    const request = apiFetch('/ok').then(() => order.push('answered'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Nothing left the page while the yield was pending.
    expect(order).toEqual(['yield']);
    expect(seen).toHaveLength(0);
    release();
    await request;
    expect(order).toEqual(['yield', 'answered']);
    expect(seen).toHaveLength(1);
  } finally {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  }
});

test('objects are sent as JSON', async () => {
  await expect(apiFetch('/echo', { method: 'POST', body: { message: 'Bonjour' } })).resolves.toEqual({
    message: 'Bonjour',
  });
  expect(seen[0].contentType).toBe('application/json');
  expect(seen[0].body).toBe('{"message":"Bonjour"}');
});

test('204 resolves to undefined', async () => {
  await expect(apiFetch('/empty', { method: 'DELETE' })).resolves.toBeUndefined();
});

test('an ApiErrorBody becomes an ApiError "{status}: {message}"', async () => {
  const error = await apiFetch('/validation').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.status).toBe(400);
  expect(apiError.message).toBe('400: username must be longer than or equal to 3 characters');
  expect(apiError.serverMessage).toBe('username must be longer than or equal to 3 characters');
  expect(apiError.body).toMatchObject({ error: 'Bad Request', requestId: 'r1' });
});

test('a non-JSON error uses the body text', async () => {
  await expect(apiFetch('/plain')).rejects.toThrow(new ApiError(502, 'upstream down'));
  await expect(apiFetch('/plain')).rejects.toMatchObject({ message: '502: upstream down', status: 502 });
});

test('an empty error body falls back to the status text', async () => {
  await expect(apiFetch('/bare')).rejects.toMatchObject({ message: '503: Service Unavailable', status: 503 });
});

test('query keys join with "/" into the GET path', () => {
  expect(queryKeyToPath(['/api/chat/conversations', 42])).toBe('/api/chat/conversations/42');
  expect(queryKeyToPath(['/api/chat/conversations/', 'abc'])).toBe('/api/chat/conversations/abc');
});

test('the default queryFn GETs the joined key, with the data-cache defaults', async () => {
  token = 'tok-q';
  const client = createQueryClient();
  const data = await client.fetchQuery({ queryKey: ['/api/chat/conversations', 7] });
  expect(data).toEqual({ path: '/api/chat/conversations/7' });
  expect(seen[0]).toMatchObject({
    method: 'GET',
    url: '/api/chat/conversations/7',
    authorization: 'Bearer tok-q',
  });

  const defaults = client.getDefaultOptions().queries!;
  expect(defaults.retry).toBe(false);
  expect(defaults.staleTime).toBe(Infinity);
  expect(defaults.refetchOnWindowFocus).toBe(false);
  expect(defaults.refetchInterval).toBe(false);
  client.clear();
});

test('a failing query is not retried', async () => {
  const client = createQueryClient();
  const observer = new QueryObserver(client, { queryKey: ['/api/bare'] });
  const result = await new Promise<ReturnType<typeof observer.getCurrentResult>>((resolve) => {
    const unsubscribe = observer.subscribe((r) => {
      if (r.status === 'error') {
        unsubscribe();
        resolve(r);
      }
    });
  });
  expect((result.error as ApiError).status).toBe(503);
  expect(seen.filter((s) => s.url === '/api/bare')).toHaveLength(1);
  client.clear();
});

describe('usage-limit 429s', () => {
  const onUsageLimit = jest.fn();
  beforeAll(() => configureApiClient({ onUsageLimit }));
  afterAll(() => configureApiClient({ onUsageLimit: () => undefined }));
  beforeEach(() => onUsageLimit.mockClear());

  test('the usage-limit body reaches onUsageLimit and the ApiError, once per request', async () => {
    const error = (await apiFetch('/over-quota', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.usageLimit).toEqual(overQuotaBody);
    expect(error.message).toBe('429: Usage limit exceeded');
    expect(error.code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(error.retryAfterSeconds).toBe(86_400);
    expect(onUsageLimit.mock.calls).toEqual([[overQuotaBody]]);

    await apiFetch('/over-quota').catch(() => undefined);
    expect(onUsageLimit).toHaveBeenCalledTimes(2);
  });

  test('a 429 without the usage-limit error stays the generic "{status}: {text}" error', async () => {
    for (const [path, message] of [
      ['/throttled', '429: Too many sign-in attempts'],
      ['/throttled-text', '429: Too Many Requests'],
      ['/not-quite-quota', `429: ${JSON.stringify({ ...overQuotaBody, feature: 'tokensPerMonth' })}`],
    ]) {
      const error = (await apiFetch(path).catch((e: unknown) => e)) as ApiError;
      expect(error).toMatchObject({ status: 429, message });
      expect(error.usageLimit).toBeUndefined();
    }
    expect(onUsageLimit).not.toHaveBeenCalled();
  });

  test('another status with the same body is not a usage limit', async () => {
    const error = new ApiError(400, 'Usage limit exceeded', overQuotaBody);
    expect(error.usageLimit).toBeUndefined();
  });
});

describe('what a screen needs to explain a failure', () => {
  test('the stable code of the body and the Retry-After wait', async () => {
    const error = (await apiFetch('/rate-limited').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 300,
      serverMessage: 'Too many attempts. Please wait 5 minutes and try again.',
    });
  });

  test('no code and no wait when the server sent neither', async () => {
    const error = (await apiFetch('/plain').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBeUndefined();
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  test('Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2031-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Wed, 01 Jan 2031 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Tue, 31 Dec 2030 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
