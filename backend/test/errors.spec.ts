import { Logger } from '@nestjs/common';
import request from 'supertest';
import { type ApiErrorBody, isErrorCode } from '@kasa/contracts';
import { UsageService } from '../src/usage';
import { listen, openChatStream } from './chat-support';
import { bearer, registerUser } from './support/accounts';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type TestApp } from './support/test-app';
import { MANY_SIGN_UPS, setClock } from './support/usage-support';

function expectErrorShape(body: ApiErrorBody, statusCode: number, path: string) {
  expect(body).toEqual({
    statusCode,
    error: expect.any(String),
    code: expect.any(String),
    message: expect.any(String),
    path,
    requestId: expect.stringMatching(/.+/),
    timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(isErrorCode(body.code)).toBe(true);
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
    expect(response.body.code).toBe('NOT_FOUND');
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
    // The Google Drive sign-in popup must stay reachable from the page that opened it.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('a precise code for the failures users meet', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('error_codes', {
      env: {
        ...MANY_SIGN_UPS,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'wrong-key',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
      },
    });
    baseUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it("someone else's (or no) conversation: 404 CHAT_CONVERSATION_NOT_FOUND", async () => {
    const user = await registerUser(ctx.app, { prefix: 'codes' });
    const path = '/api/chat/conversations/7d1c2a58-5b43-4f7e-9a37-1f4c9e0b2d61';
    const response = await http().get(path).set(bearer(user)).expect(404);
    expectErrorShape(response.body, 404, path);
    expect(response.body).toMatchObject({
      code: 'CHAT_CONVERSATION_NOT_FOUND',
      message: 'Conversation not found.',
    });
  });

  it('a model failure ends the stream with an error event carrying its code, stored with the reply', async () => {
    const user = await registerUser(ctx.app, { prefix: 'codes' });
    fake.script({ kind: 'error', status: 401, message: 'Incorrect API key provided.' });
    const logged: string[] = [];
    const keep = (message: unknown) => void logged.push(String(message));
    const errorLog = jest.spyOn(Logger.prototype, 'error').mockImplementation(keep);
    try {
      const stream = await openChatStream(baseUrl, user.token, { message: 'Hello?' });
      expect(stream.status).toBe(200);
      const events = await stream.ended;
      const { conversationId } = events[0];
      // Every user reads this: no setting is named (docs/product.md#features-this-server-cannot-run).
      expect(events.at(-1)).toEqual({
        error: 'The AI service is not set up correctly on this server. Please tell the administrator.',
        code: 'AI_AUTH_FAILED',
        conversationId,
      });
      const stored = await http()
        .get(`/api/chat/conversations/${conversationId}`)
        .set(bearer(user))
        .expect(200);
      expect(stored.body.at(-1)).toMatchObject({ status: 'failed', errorCode: 'AI_AUTH_FAILED' });
      expect(JSON.stringify([events, stored.body])).not.toMatch(/OPENAI_API_KEY|CHAT_MODEL/);
      // The operator's log names the setting to check.
      expect(logged.join('\n')).toContain('the administrator should check OPENAI_API_KEY');
    } finally {
      errorLog.mockRestore();
    }
  });

  it('over the monthly quota: the usage-limit 429 body plus code, and Retry-After until the month ends', async () => {
    const user = await registerUser(ctx.app, { prefix: 'codes' });
    const restoreClock = setClock(ctx.app, '2031-04-30T22:00:00.000Z');
    try {
      await ctx.app.get(UsageService).reserve(user.user.id, 'messagesPerMonth', 50);
      const refused = await http()
        .post('/api/chat')
        .set(bearer(user))
        .send({ message: 'One more' })
        .expect(429);
      expect(refused.headers['retry-after']).toBe('7200');
      expect(refused.body).toEqual({
        error: 'Usage limit exceeded',
        feature: 'messagesPerMonth',
        current: 50,
        limit: 50,
        upgradeRequired: true,
        code: 'USAGE_LIMIT_EXCEEDED',
      });
    } finally {
      restoreClock();
    }
  });

  it('billing: no card subscription to cancel, and a mobile-money network without a route', async () => {
    const user = await registerUser(ctx.app, { prefix: 'codes' });
    const cancel = await http().post('/api/subscription/cancel').set(bearer(user)).expect(404);
    expectErrorShape(cancel.body, 404, '/api/subscription/cancel');
    expect(cancel.body.code).toBe('BILLING_NO_CARD_SUBSCRIPTION');

    const airtel = await http()
      .post('/api/flutterwave/create-mobile-money-payment')
      .set(bearer(user))
      .send({ phone_number: '+237650000001', network: 'AIRTEL', email: 'ama@example.cm', full_name: 'Ama' })
      .expect(400);
    expect(airtel.body).toEqual({
      success: false,
      message: 'Airtel Money payments are not available in Cameroon. Please choose MTN or Orange.',
      code: 'BILLING_NETWORK_UNSUPPORTED',
    });
  });

  it('a body the validation refuses: VALIDATION_FAILED with the field messages', async () => {
    const user = await registerUser(ctx.app, { prefix: 'codes' });
    const response = await http().post('/api/chat').set(bearer(user)).send({ message: '' }).expect(400);
    expectErrorShape({ ...response.body, details: undefined }, 400, '/api/chat');
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });
});
