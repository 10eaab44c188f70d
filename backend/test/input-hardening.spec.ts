import type { Server } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request, { type Response } from 'supertest';
import { type AuthResponse, type ErrorCode, isErrorCode } from '@kasa/contracts';
import { MESSAGE_REQUIRED } from '../src/chat/dto/chat.dto';
import { PATH_NOT_DECODABLE, UNSAFE_TEXT_REASON } from '../src/common/input-guard';
import { MAX_BODY_DEPTH, MAX_BODY_FIELDS } from '../src/common/input-shape';
import { applyServerTimeouts } from '../src/common/server-timeouts';
import { listen, openChatStream, streamedText } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/** The error body every 4xx must be: short, coded, and naming the first problem. */
function expectApiError(
  response: Response,
  status: number,
  code: ErrorCode,
): { message: string; details?: string[] } {
  expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(isErrorCode(response.body.code)).toBe(true);
  expect(response.body).toMatchObject({
    statusCode: status,
    message: expect.any(String),
    requestId: expect.any(String),
  });
  expect((response.body.details ?? []).length).toBeLessThanOrEqual(5);
  expect(response.text.length).toBeLessThan(2_000);
  return response.body as { message: string; details?: string[] };
}

const nested = (depth: number, open: string, close: string, inner: string) =>
  open.repeat(depth) + inner + close.repeat(depth);

describe('no input causes a 500 or stalls the server', () => {
  let ctx: TestApp;
  let baseUrl: string;
  let ama: AuthResponse;
  const http = () => request(ctx.app.getHttpServer());
  const postJsonText = (path: string, text: string, who?: AuthResponse) =>
    http()
      .post(path)
      .set({ 'Content-Type': 'application/json', ...(who ? bearer(who) : {}) })
      .send(text);

  beforeAll(async () => {
    ctx = await createTestApp('hardening', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    baseUrl = await listen(ctx.app);
    ama = await registerUser(ctx.app, { prefix: 'hard', email: 'ama@example.com' });
  });
  afterAll(() => ctx?.close());

  describe('body shape bounds (checked before validation)', () => {
    const manyKeys = (count: number) =>
      `{"username":"ama","password":"secret123",${Array.from({ length: count }, (_, i) => `"key_${i}":0`).join(',')}}`;

    it('60,000 unknown keys in a login body: one short 400 naming the limit, not every key', async () => {
      const body = manyKeys(60_000);
      expect(body.length).toBeGreaterThan(700_000);
      const started = Date.now();
      const response = await postJsonText('/api/auth/login', body);
      const error = expectApiError(response, 400, 'BODY_TOO_COMPLEX');
      expect(error.message).toBe(`The request body has too many fields (at most ${MAX_BODY_FIELDS}).`);
      // A sanity bound, far above the tens of milliseconds it takes (validating every key took seconds).
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('four such bodies at once leave the server answering others', async () => {
      const body = manyKeys(60_000);
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => postJsonText('/api/auth/login', body)),
        http().get('/api/health'),
      ]);
      expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 200]);
    });

    it('a body just within the field bound is still validated field by field (first problem first)', async () => {
      const extra = Array.from({ length: MAX_BODY_FIELDS - 2 }, (_, i) => `"k${i}":0`).join(',');
      const response = await postJsonText('/api/auth/login', `{"username":"ama","password":"x",${extra}}`);
      const error = expectApiError(response, 400, 'VALIDATION_FAILED');
      expect(error.message).toBe('property k0 should not exist');
      expect(error.details).toHaveLength(5);
    });

    it.each([
      ['a 5,000-deep array in a field', `{"username":${nested(5_000, '[', ']', '1')},"password":"x"}`],
      ['a 200,000-deep array as the whole body', nested(200_000, '[', ']', '')],
      ['a 40-deep object', `{"username":${nested(40, '{"a":', '}', '1')},"password":"x"}`],
    ])('%s: 400 BODY_TOO_COMPLEX, never a stack overflow', async (_label, body) => {
      const response = await postJsonText('/api/auth/login', body);
      const error = expectApiError(response, 400, 'BODY_TOO_COMPLEX');
      expect(error.message).toBe(`The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`);
    });

    it('a deep value on a signed-in JSON route (chat) is refused the same way', async () => {
      const response = await postJsonText('/api/chat', `{"message":${nested(5_000, '[', ']', '"hi"')}}`, ama);
      expectApiError(response, 400, 'BODY_TOO_COMPLEX');
    });

    it('prototype keys are refused like any unknown field, before they reach an object', async () => {
      for (const body of [
        '{"username":"ama","password":"secret123","__proto__":{"admin":true}}',
        '{"username":"ama","password":"secret123","constructor":{"prototype":{"admin":true}}}',
      ]) {
        const error = expectApiError(await postJsonText('/api/auth/login', body), 400, 'VALIDATION_FAILED');
        expect(error.message).toMatch(/^property (__proto__|constructor) should not exist$/);
      }
    });
  });

  describe('body decoding errors are 4xx', () => {
    const login = JSON.stringify({ username: 'ama', password: 'wrong-password' });
    // serialize: the bytes go out as they are (superagent would JSON-encode a Buffer).
    const sendEncoded = (encoding: string, bytes: Buffer) =>
      http()
        .post('/api/auth/login')
        .set({ 'Content-Type': 'application/json', 'Content-Encoding': encoding })
        .serialize((data: unknown) => data as string)
        .send(bytes as unknown as string);

    it.each([
      ['gzip', Buffer.from('this is not gzip at all')],
      ['gzip', gzipSync(Buffer.from(login)).subarray(0, 12)],
      ['deflate', Buffer.from('not deflate')],
      ['br', Buffer.from('not brotli, not at all')],
    ])('corrupt %s body: 400 BODY_MALFORMED', async (encoding, bytes) => {
      const error = expectApiError(await sendEncoded(encoding, bytes), 400, 'BODY_MALFORMED');
      expect(error.message).toBe(
        `The request body could not be decompressed (Content-Encoding: ${encoding}).`,
      );
    });

    it.each([
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ])('a well-formed %s body is still read', async (encoding, compress) => {
      const response = await sendEncoded(encoding, compress(Buffer.from(login)));
      expect(response.status).toBe(401); // the credentials were read, hence the body
    });

    it('an unknown Content-Encoding: 415 naming it', async () => {
      const error = expectApiError(
        await sendEncoded('compress', Buffer.from(login)),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(error.message).toBe(
        'Content-Encoding "compress" is not supported: send gzip, deflate, br or none.',
      );
    });

    it('an unsupported charset: 415 naming it', async () => {
      const response = await http()
        .post('/api/auth/login')
        .set('Content-Type', 'application/json; charset=latin1')
        .send(login);
      const error = expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toBe('The request body\'s charset "latin1" is not supported: send UTF-8.');
    });

    it('malformed JSON: 400 BODY_MALFORMED', async () => {
      const error = expectApiError(
        await postJsonText('/api/auth/login', '{"username": '),
        400,
        'BODY_MALFORMED',
      );
      expect(error.message).toBe('The request body is not valid JSON.');
    });
  });

  describe('NUL bytes and lone surrogates never reach PostgreSQL', () => {
    const refusesText = async (response: Response, field: string) => {
      const error = expectApiError(response, 400, 'VALIDATION_FAILED');
      expect(error.message).toBe(
        `${field} contains a character that is not allowed (a NUL byte or a broken Unicode character).`,
      );
    };

    it.each([
      ['/api/auth/login', { username: 'ama\u0000', password: 'secret123' }, 'username'],
      ['/api/auth/forgot-password', { username: 'ama\u0000x' }, 'username'],
      [
        '/api/auth/reset-password',
        { username: '\u0000', code: '123456', newPassword: 'secret456' },
        'username',
      ],
      [
        '/api/auth/register',
        { username: 'new_one', password: 'secret123', email: 'a\ud800@example.com' },
        'email',
      ],
      [
        '/api/auth/register',
        { username: 'new_two', password: 'secret123', email: 'a\udc00b@example.com' },
        'email',
      ],
    ])('POST %s with %j: 400 naming the field', async (path, body, field) => {
      await refusesText(await http().post(path).send(body), field);
    });

    it('in a nested value, the field path is named', async () => {
      const response = await http()
        .post('/api/legal/cookie-preferences')
        .send({ sessionId: 'abcdefgh', extra: [{ note: 'x\u0000' }] });
      await refusesText(response, 'extra[0].note');
    });

    it('in a signed-in chat message, a rename and a search', async () => {
      await refusesText(
        await http().post('/api/chat').set(bearer(ama)).send({ message: 'hello\u0000' }),
        'message',
      );

      const stream = await openChatStream(baseUrl, ama.token, { message: 'Maize prices in Bamenda' });
      const conversationId = (await stream.ended)[0].conversationId!;
      await refusesText(
        await http()
          .patch(`/api/chat/conversations/${conversationId}`)
          .set(bearer(ama))
          .send({ title: 'a\u0000b' }),
        'title',
      );
      await refusesText(await http().get('/api/chat/search?q=maize%00').set(bearer(ama)), 'q');
    });

    it('in the mobile-money e-mail', async () => {
      const response = await http()
        .post('/api/flutterwave/create-mobile-money-payment')
        .set(bearer(ama))
        .send({
          phone_number: '+237650000000',
          network: 'MTN',
          email: '\ud83dama@example.com',
          full_name: 'Ama',
        });
      await refusesText(response, 'email');
    });

    it('in a path parameter; percent-encoding that decodes to no text is a 400 too', async () => {
      for (const path of ['/api/chat/conversations/%00', '/api/legal/cookie-preferences/abcdefgh%00']) {
        const response = await http().get(path).set(bearer(ama));
        expect(expectApiError(response, 400, 'VALIDATION_FAILED').message).toBe(
          `The URL path ${UNSAFE_TEXT_REASON}`,
        );
      }
      // Malformed, overlong (NUL in disguise), an encoded surrogate, cut short.
      for (const id of ['%ZZ', '%C0%80', '%ED%A0%80', '%E0%A4%A']) {
        const response = await http().get(`/api/chat/conversations/${id}`).set(bearer(ama));
        expect(expectApiError(response, 400, 'BAD_REQUEST').message).toBe(PATH_NOT_DECODABLE);
      }
    });

    it('well-formed non-ASCII text still passes: accents, İ, CJK, emoji pairs', async () => {
      const message = 'Café İstanbul 玉米 🌽👩🏾‍🌾 ça coûte combien ?';
      const stream = await openChatStream(baseUrl, ama.token, { message });
      expect(stream.status).toBe(200);
      const events = await stream.ended;
      expect(events.at(-1)).toMatchObject({ done: true });
      expect(streamedText(events).length).toBeGreaterThan(0);

      const hits = await http()
        .get(`/api/chat/search?q=${encodeURIComponent('玉米')}`)
        .set(bearer(ama))
        .expect(200);
      expect(hits.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ conversationId: events[0].conversationId })]),
      );

      await http()
        .post('/api/auth/register')
        .send({ username: 'unicode_ok', password: 'mot-de-passe-é', email: 'zoë@exämple.com' })
        .expect(201);
    });
  });

  describe('the first problem is the message', () => {
    it.each([[{}], [5], [[]], [null], ['   ']])(
      'chat message %j: "Please type a message."',
      async (message) => {
        const response = await http().post('/api/chat').set(bearer(ama)).send({ message });
        const error = expectApiError(response, 400, 'VALIDATION_FAILED');
        expect(error.message).toBe(MESSAGE_REQUIRED);
      },
    );

    it('a missing chat message too', async () => {
      const error = expectApiError(
        await http().post('/api/chat').set(bearer(ama)).send({}),
        400,
        'VALIDATION_FAILED',
      );
      expect(error.message).toBe(MESSAGE_REQUIRED);
    });
  });

  describe('server timeouts (scaled down: Node checks every connectionsCheckingInterval)', () => {
    const timeouts = { keepAliveTimeout: 200, headersTimeout: 250, requestTimeout: 300 };
    let timed: TestApp;
    let port: number;

    beforeAll(async () => {
      timed = await createTestApp('timeouts', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
      const server = timed.app.getHttpServer() as Server & { connectionsCheckingInterval: number };
      applyServerTimeouts(server, timeouts);
      // Read when the server starts listening (30 s by default).
      server.connectionsCheckingInterval = 25;
      port = Number(new URL(await listen(timed.app)).port);
    });
    afterAll(() => timed?.close());

    /** Sends `text` and never the rest; resolves with what the server answered before closing. */
    const sendAndStall = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });

    it('a client that never finishes its headers, or its body, gets a 408', async () => {
      expect(await sendAndStall('POST /api/auth/login HTTP/1.1\r\nHost: x\r\n')).toMatch(/^HTTP\/1\.1 408 /);
      const head =
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
      expect(await sendAndStall(`${head}{"username":`)).toMatch(/^HTTP\/1\.1 408 /);
    });

    it('a chat reply streaming for longer than requestTimeout is not cut', async () => {
      const who = await registerUser(timed.app, { prefix: 'timed' });
      const started = Date.now();
      const stream = await openChatStream(`http://127.0.0.1:${port}`, who.token, {
        message: 'How do I store maize?',
      });
      const events = await stream.ended;
      // Meaningful only if the reply outlasted the timeout (the offline advisor paces its words).
      expect(Date.now() - started).toBeGreaterThan(timeouts.requestTimeout + 100);
      expect(events.at(-1)).toMatchObject({ done: true });
    });
  });

  it('the raw-body webhook is not touched by the guards (its signature covers the exact bytes)', async () => {
    // No Stripe keys here: the webhook answers "not configured", which proves the body reached it.
    const response = await http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send(`{"a":"\\u0000",${'"x":['.repeat(1)}${nested(100, '[', ']', '')}]}`);
    expect(response.status).toBe(404);
    expect(response.body.code).not.toMatch(/^(BODY_|VALIDATION_FAILED)/);
  });
});
