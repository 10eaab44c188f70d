import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { assignRequestId } from './request-id';
import { REQUEST_LOG_OPTIONS, requestLogging, requestLogLevel, SLOW_REQUEST_MS } from './request-logging';

/** An app with the request id and request logging in front, logging JSON lines into `lines`. */
function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const logger = pino({ level, ...REQUEST_LOG_OPTIONS }, sink);
  const app = express();
  app.use(assignRequestId);
  app.use(requestLogging(logger));
  app.get('/api/fine', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/api/broken', (_req, res) => {
    res.status(500).json({ ok: false });
  });
  app.get('/app.js', (_req, res) => {
    res.send('code');
  });
  return { app, lines };
}

/** The response's 'close' comes after supertest has its answer: wait for the log line. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('request logging', () => {
  it('at info, logs each API call with its request id, status and no credentials', async () => {
    const { app, lines } = appLoggingAt('info');
    await request(app)
      .get('/api/fine?x=1')
      .set('Authorization', 'Bearer secret')
      .set('Cookie', 'session=secret')
      .set('X-Request-Id', 'r-1');
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'r-1', method: 'GET', url: '/api/fine?x=1' },
      responseTime: expect.any(Number),
    });
    expect(lines[0].res).toEqual({ statusCode: 200 });
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it('at warn, keeps quiet about an ordinary call and logs a 5xx as an error with its request id', async () => {
    const { app, lines } = appLoggingAt('warn');
    await request(app).get('/api/fine').expect(200);
    await request(app).get('/api/broken').set('X-Request-Id', 'r-500').expect(500);
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'request errored',
      req: { id: 'r-500' },
      res: { statusCode: 500 },
    });
  });

  it('does not log static files', async () => {
    const { app, lines } = appLoggingAt('info');
    await request(app).get('/app.js').expect(200);
    await settle();
    expect(lines).toHaveLength(0);
  });

  it('logs a slow call at warn, except an event stream (it lasts as long as its reply)', () => {
    expect(requestLogLevel(200, SLOW_REQUEST_MS - 1, false)).toBe('info');
    expect(requestLogLevel(200, SLOW_REQUEST_MS, false)).toBe('warn');
    expect(requestLogLevel(404, SLOW_REQUEST_MS * 5, false)).toBe('warn');
    expect(requestLogLevel(200, SLOW_REQUEST_MS * 30, true)).toBe('info');
    expect(requestLogLevel(500, 1, false)).toBe('error');
    expect(requestLogLevel(502, 1, false)).toBe('error');
    expect(requestLogLevel(503, 1, false)).toBe('warn');
  });
});
