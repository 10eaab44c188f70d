import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { keepNoStore, noStoreForCredentials } from './no-store';

describe('no-store', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(noStoreForCredentials);
    app.get('/plain', (_req, res) => res.json({ ok: true }));
    app.get('/cached', (_req, res) => res.setHeader('Cache-Control', 'max-age=600').json({ ok: true }));
    app.get('/public', (_req, res) =>
      res.setHeader('Cache-Control', 'public, max-age=300').json({ ok: true }),
    );
    app.get('/stream', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.flushHeaders();
      res.end('data: {}\n\n');
    });
    app.get('/marked', (_req, res) => {
      keepNoStore(res);
      keepNoStore(res);
      res.status(201).json({ token: 'secret' });
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, bearer = false) =>
    fetch(`${base}${path}`, { headers: bearer ? { Authorization: 'Bearer t' } : {} });

  it('leaves requests without credentials alone', async () => {
    expect((await get('/plain')).headers.get('cache-control')).toBeNull();
    expect((await get('/cached')).headers.get('cache-control')).toBe('max-age=600');
  });

  it('answers a bearer request with no-store, over what the handler set', async () => {
    expect((await get('/plain', true)).headers.get('cache-control')).toBe('no-store');
    expect((await get('/cached', true)).headers.get('cache-control')).toBe('no-store');
  });

  it('keeps no-transform on a stream (flushHeaders) and a public answer public', async () => {
    const stream = await get('/stream', true);
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(await stream.text()).toBe('data: {}\n\n');
    expect((await get('/public', true)).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('marks an answer on demand, once, keeping its status and body', async () => {
    const response = await get('/marked');
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ token: 'secret' });
  });
});
