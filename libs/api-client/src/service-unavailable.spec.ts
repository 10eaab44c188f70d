/**
 * @jest-environment node
 */
// Real HTTP against a loopback server (node:http on 127.0.0.1:0) with Node's own fetch.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  apiFetch,
  configureApiClient,
  createQueryClient,
  isServiceUnavailable,
  serviceRetryDelayMs,
} from './index';

let server: Server;
/** Requests seen per path; each path answers 503 SERVICE_UNAVAILABLE `failures[path]` times first. */
const seen: Record<string, number> = {};
const failures: Record<string, number> = {};
const retryAfter: Record<string, string> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    seen[path] = (seen[path] ?? 0) + 1;
    req.resume();
    req.on('end', () => {
      if ((failures[path] ?? 0) >= seen[path]!) {
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': retryAfter[path] ?? '1' });
        res.end(
          JSON.stringify({
            statusCode: 503,
            error: 'Service Unavailable',
            code: 'SERVICE_UNAVAILABLE',
            message: 'The service is briefly unavailable. Please try again in a moment.',
            path,
            requestId: 'r1',
            timestamp: new Date(0).toISOString(),
          }),
        );
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ path }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient({
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    getToken: () => null,
  });
});
afterAll(async () => {
  configureApiClient({ origin: '', onServiceUnavailable: () => undefined });
  await new Promise((resolve) => server.close(resolve));
});

describe('503 SERVICE_UNAVAILABLE', () => {
  it('retries a query after the server’s Retry-After and tells the shell while it waits', async () => {
    failures['/api/briefly-down'] = 1;
    retryAfter['/api/briefly-down'] = '2';
    const told: boolean[] = [];
    configureApiClient({ onServiceUnavailable: (unavailable) => told.push(unavailable) });
    const client = createQueryClient();
    const started = Date.now();
    const data = await client.fetchQuery({ queryKey: ['/api/briefly-down'] });
    expect(data).toEqual({ path: '/api/briefly-down' });
    expect(seen['/api/briefly-down']).toBe(2);
    // Retry-After: 2 wins over the 1 s first backoff.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(told).toEqual([true, false]);
  });

  it('does not send a plain POST twice; it fails with the code the screen explains', async () => {
    failures['/api/post-once'] = 1;
    const error = await apiFetch('/api/post-once', { method: 'POST', body: { a: 1 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(isServiceUnavailable(error)).toBe(true);
    expect((error as ApiError).retryAfterSeconds).toBe(1);
    expect(seen['/api/post-once']).toBe(1);
  });

  it('retries a POST that carries an Idempotency-Key', async () => {
    failures['/api/idempotent'] = 1;
    const data = await apiFetch('/api/idempotent', {
      method: 'POST',
      body: { a: 1 },
      headers: { 'Idempotency-Key': 'k-1' },
    });
    expect(data).toEqual({ path: '/api/idempotent' });
    expect(seen['/api/idempotent']).toBe(2);
  });

  it('stops waiting when the request is aborted', async () => {
    failures['/api/aborted'] = 10;
    retryAfter['/api/aborted'] = '30';
    const controller = new AbortController();
    const pending = apiFetch('/api/aborted', { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toBeDefined();
    expect(seen['/api/aborted']).toBe(1);
  });

  it('backs off by doubling from 1 s, at least Retry-After, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => serviceRetryDelayMs(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000,
    ]);
    expect(serviceRetryDelayMs(0, 5)).toBe(5000);
    expect(serviceRetryDelayMs(4, 5)).toBe(16000);
    expect(serviceRetryDelayMs(0, 3600)).toBe(30000);
  });
});
