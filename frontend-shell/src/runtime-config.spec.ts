/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchRuntimeConfig, parseRuntimeConfig } from './runtime-config';
import { RUNTIME_CONFIG } from './testing/runtime-config';

/** One remote elsewhere: an absolute manifest URL is read as it is. */
const good = {
  ...RUNTIME_CONFIG,
  remotes: { ...RUNTIME_CONFIG.remotes, account: 'https://cdn.example.org/account/mf-manifest.json' },
};

let server: Server;
let url: string;
let failuresLeft = 0;
let hits = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    if (failuresLeft > 0) {
      failuresLeft--;
      res.writeHead(503, 'Service Unavailable');
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(good));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/runtime-config.json`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = 0;
  failuresLeft = 0;
});

test('reads the runtime configuration', async () => {
  await expect(fetchRuntimeConfig({ url })).resolves.toEqual(good);
  expect(hits).toBe(1);
});

test('retries with backoff and succeeds when the server comes back', async () => {
  failuresLeft = 2;
  await expect(fetchRuntimeConfig({ url, attempts: 4, baseDelayMs: 5 })).resolves.toEqual(good);
  expect(hits).toBe(3);
});

test('gives up after the last attempt with the last error', async () => {
  failuresLeft = 10;
  await expect(fetchRuntimeConfig({ url, attempts: 3, baseDelayMs: 5 })).rejects.toThrow(
    '503: Service Unavailable',
  );
  expect(hits).toBe(3);
});

test('rejects a configuration without every remote', () => {
  expect(() => parseRuntimeConfig({ appName: 'Kasa', remotes: { chat: '/x' } })).toThrow(
    'no URL for the studio remote',
  );
  expect(parseRuntimeConfig({ remotes: good.remotes })).toMatchObject({
    appName: 'Kasa',
    assistantName: 'Kasa',
  });
});

test('reads the payment engines, and falls back to the sandbox when they are missing or odd', () => {
  expect(
    parseRuntimeConfig({
      remotes: good.remotes,
      payments: { card: 'stripe', stripePublishableKey: 'pk_test_1', mobileMoney: 'flutterwave' },
    }).payments,
  ).toEqual({ card: 'stripe', stripePublishableKey: 'pk_test_1', mobileMoney: 'flutterwave' });
  expect(parseRuntimeConfig({ remotes: good.remotes }).payments).toEqual({
    card: 'sandbox',
    mobileMoney: 'sandbox',
  });
  expect(parseRuntimeConfig({ remotes: good.remotes, payments: { card: 'stripe' } }).payments.card).toBe(
    'sandbox',
  );
});
