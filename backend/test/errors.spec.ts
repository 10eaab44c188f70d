import request from 'supertest';
import type { ApiErrorBody } from '@kasa/contracts';
import { createTestApp, type TestApp } from './support/test-app';

function expectErrorShape(body: ApiErrorBody, statusCode: number, path: string) {
  expect(body).toEqual({
    statusCode,
    error: expect.any(String),
    message: expect.any(String),
    path,
    requestId: expect.stringMatching(/.+/),
    timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
}

describe('one JSON error shape for every failure', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp('errors', { env: { BODY_LIMIT: '2kb' } });
  });
  afterAll(() => ctx.close());

  it('unknown API route: JSON 404, never the web app', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/api/does-not-exist').expect(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expectErrorShape(response.body, 404, '/api/does-not-exist');
    expect(response.body.error).toBe('Not Found');
  });

  it('malformed JSON body: 400 with a clear message', async () => {
    const response = await request(ctx.app.getHttpServer())
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"unterminated": ')
      .expect(400);
    expectErrorShape(response.body, 400, '/api/health');
    expect(response.body.message).toBe('The request body is not valid JSON.');
  });

  it('body over BODY_LIMIT: 413 naming the limit', async () => {
    const response = await request(ctx.app.getHttpServer())
      .post('/api/health')
      .send({ text: 'x'.repeat(5000) })
      .expect(413);
    expectErrorShape(response.body, 413, '/api/health');
    expect(response.body.message).toBe('The request body is too large (limit 2kb).');
  });

  it('keeps a sane X-Request-Id from the caller and puts it in the error body', async () => {
    const response = await request(ctx.app.getHttpServer())
      .get('/api/nothing')
      .set('X-Request-Id', 'trace-42')
      .expect(404);
    expect(response.headers['x-request-id']).toBe('trace-42');
    expect(response.body.requestId).toBe('trace-42');
  });

  it('replaces an unsafe X-Request-Id with a fresh one', async () => {
    const response = await request(ctx.app.getHttpServer())
      .get('/api/nothing')
      .set('X-Request-Id', '<script>')
      .expect(404);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers (helmet) on API responses', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
