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
      payments: {
        card: 'stripe',
        stripePublishableKey: 'pk_test_1',
        mobileMoney: 'flutterwave',
        mobileMoneyCountryCode: '225',
        mobileMoneyNetworks: ['ORANGE', 'VODAFONE'],
      },
    }).payments,
  ).toEqual({
    card: 'stripe',
    stripePublishableKey: 'pk_test_1',
    mobileMoney: 'flutterwave',
    mobileMoneyCountryCode: '225',
    mobileMoneyNetworks: ['ORANGE'],
  });
  expect(parseRuntimeConfig({ remotes: good.remotes }).payments).toEqual({
    card: 'sandbox',
    mobileMoney: 'sandbox',
    mobileMoneyCountryCode: '237',
    mobileMoneyNetworks: ['MTN', 'ORANGE', 'AIRTEL'],
  });
  expect(
    parseRuntimeConfig({ remotes: good.remotes, payments: { mobileMoneyCountryCode: '+237' } }).payments
      .mobileMoneyCountryCode,
  ).toBe('237');
  expect(parseRuntimeConfig({ remotes: good.remotes, payments: { card: 'stripe' } }).payments.card).toBe(
    'sandbox',
  );
});

test('reads which optional features run: only an explicit false turns one off', () => {
  expect(parseRuntimeConfig({ remotes: good.remotes, features: { cloudStorage: false } }).features).toEqual({
    cloudStorage: false,
  });
  expect(parseRuntimeConfig({ remotes: good.remotes, features: { cloudStorage: true } }).features).toEqual({
    cloudStorage: true,
  });
  // An older server sends none: the item stays, and its dialog says what the server answers.
  expect(parseRuntimeConfig({ remotes: good.remotes }).features).toEqual({ cloudStorage: true });
});

test('reads the support contacts, keeping only non-empty texts; none from a server that sends none', () => {
  expect(
    parseRuntimeConfig({
      remotes: good.remotes,
      support: { email: 'help@kasa.example', whatsapp: '+237677123456', phone: '', extra: 'x' },
    }).support,
  ).toEqual({ email: 'help@kasa.example', whatsapp: '+237677123456' });
  expect(parseRuntimeConfig({ remotes: good.remotes }).support).toEqual({});
  expect(parseRuntimeConfig({ remotes: good.remotes, support: { phone: 237 } }).support).toEqual({});
});
