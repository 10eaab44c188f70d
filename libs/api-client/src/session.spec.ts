/**
 * @jest-environment node
 */
// The session helpers against a loopback HTTP server speaking the Kasa auth API.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CURRENT_USER_QUERY_KEY,
  configureApiClient,
  createQueryClient,
  fetchCurrentUser,
  signOut,
} from './index';

let server: Server;
let token: string | null = null;
const requests: Array<{ method?: string; url?: string; authorization?: string }> = [];
const user = { id: 'u1', username: 'awa', email: null, createdAt: '2026-01-01T00:00:00.000Z' };
let unauthorized = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    const valid = req.headers.authorization === 'Bearer good';
    if (req.url === '/api/auth/user' && valid) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ user }));
    } else if (req.url === '/api/auth/user' && req.headers.authorization === 'Bearer broken') {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 500, message: 'Internal server error' }));
    } else if (req.url === '/api/auth/logout' && valid) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true, message: 'Signed out.' }));
    } else {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 401, message: 'Please sign in.' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient({
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    getToken: () => token,
    onUnauthorized: () => {
      unauthorized += 1;
    },
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests.length = 0;
  unauthorized = 0;
});

test('without a token the user is null and nothing is asked of the server', async () => {
  token = null;
  await expect(fetchCurrentUser()).resolves.toBeNull();
  expect(requests).toEqual([]);
});

test('a valid token yields the user', async () => {
  token = 'good';
  await expect(fetchCurrentUser()).resolves.toEqual(user);
  expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/auth/user', authorization: 'Bearer good' });
});

test('a 401 means signed out and reports the revoked token', async () => {
  token = 'revoked';
  await expect(fetchCurrentUser()).resolves.toBeNull();
  expect(unauthorized).toBe(1);
});

test('other failures stay errors (a server fault is not a sign-out)', async () => {
  token = 'broken';
  await expect(fetchCurrentUser()).rejects.toMatchObject({ status: 500 });
  expect(unauthorized).toBe(0);
});

test('signOut tells the server, then drops the cached session data', async () => {
  token = 'good';
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, user);
  client.setQueryData(['/api/chat/conversations'], [{ id: 'c1', title: 'Maize' }]);
  await signOut(client);
  expect(requests).toEqual([{ method: 'POST', url: '/api/auth/logout', authorization: 'Bearer good' }]);
  expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
  expect(client.getQueryData(['/api/chat/conversations'])).toBeUndefined();
});

test('signOut still signs out locally when the server cannot be reached', async () => {
  token = 'good';
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_QUERY_KEY, user);
  configureApiClient({ origin: 'http://127.0.0.1:9' });
  try {
    await expect(signOut(client)).resolves.toBeUndefined();
  } finally {
    configureApiClient({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
  expect(client.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
});

test('offline (no answer at all) the remembered user stands in; a sign-out forgets it', async () => {
  // This suite runs in node: a small Storage stands in for the browser's localStorage.
  const items = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  token = 'good';
  await expect(fetchCurrentUser()).resolves.toEqual(user);
  configureApiClient({ origin: 'http://127.0.0.1:9' });
  try {
    await expect(fetchCurrentUser()).resolves.toEqual(user);
    await signOut(createQueryClient());
    await expect(fetchCurrentUser()).rejects.toMatchObject({ name: 'TypeError' });
  } finally {
    configureApiClient({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    delete (globalThis as { localStorage?: unknown }).localStorage;
  }
});
