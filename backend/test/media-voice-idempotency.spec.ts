import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Resvg } from '@resvg/resvg-js';
import request from 'supertest';
import type {
  AuthResponse,
  ChatMessage,
  MediaGenerationResult,
  TranscriptionResult,
  UsageFeature,
} from '@kasa/contracts';
import { IdempotentRequestsCleanup } from '../src/idempotent-requests/idempotent-requests.cleanup';
import { IDEMPOTENCY_KEY_INVALID } from '../src/idempotent-requests';
import { eventually, sleep, sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';
import { goForwardWav } from './support/speech-samples';
import { createTestApp, type TestApp } from './support/test-app';
import { setClock, usedIn } from './support/usage-support';

/**
 * POST /api/media/generate and POST /api/voice/transcribe with an Idempotency-Key (docs/architecture.md#idempotent-media-and-voice-requests): the
 * client's outbox sends a queued request again after a lost answer, and the server draws,
 * transcribes, charges and appends to the conversation once. The engines are a loopback
 * OpenAI-compatible server that counts its calls.
 */

const MID_MARCH = '2031-03-10T08:00:00.000Z';
const AN_HOUR_LATER = '2031-03-10T09:00:00.000Z';
const MARCH = '2031-03-01';
const PNG = new Resvg(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="#3a3"/></svg>',
)
  .render()
  .asPng();

/** Images and transcriptions on the OpenAI wire format, counted; `fail` answers 500s instead. */
async function startFakeEngines() {
  const engines = { imageCalls: 0, transcriptionCalls: 0, imageDelayMs: 0, fail: false };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: LoopbackServer = await startLoopbackServer(async (req: IncomingMessage, res) => {
    // The body is not needed, only its end.
    await new Promise((ended) => req.on('end', ended).resume());
    if (req.url === '/v1/images/generations') {
      engines.imageCalls++;
      await sleep(engines.imageDelayMs);
      if (engines.fail) return send(res, 500, { error: { message: 'failing on purpose' } });
      return send(res, 200, { created: 1, data: [{ b64_json: PNG.toString('base64') }] });
    }
    if (req.url === '/v1/audio/transcriptions') {
      engines.transcriptionCalls++;
      if (engines.fail) return send(res, 500, { error: { message: 'failing on purpose' } });
      return send(res, 200, {
        task: 'transcribe',
        language: 'english',
        duration: 3,
        text: 'Go forward ten meters.',
      });
    }
    send(res, 404, { error: { message: 'no route' } });
  });
  return { engines, baseUrl: `${server.origin}/v1`, close: () => server.close() };
}

describe('idempotent media and voice requests', () => {
  let ctx: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeEngines>>;
  let restoreClock: () => void;
  let wav: Buffer;
  const http = () => request(ctx.app.getHttpServer());
  const used = (who: AuthResponse, feature: UsageFeature) =>
    usedIn(ctx.databaseUrl, who.user.id, feature, MARCH);
  const keyHeader = (key?: string): Record<string, string> => (key ? { 'Idempotency-Key': key } : {});

  const generate = (who: AuthResponse, body: object, key?: string) =>
    http().post('/api/media/generate').set(bearer(who)).set(keyHeader(key)).send(body);
  function transcribe(who: AuthResponse, audio: Buffer, key?: string, conversationId?: string) {
    const call = http().post('/api/voice/transcribe').set(bearer(who)).set(keyHeader(key));
    if (conversationId) void call.field('conversationId', conversationId);
    return call.attach('audio', audio, { filename: 'recording.wav', contentType: 'audio/wav' });
  }
  /** The stored file a signed link names. */
  const fileIdOf = (url: string) => /\/api\/files\/([0-9a-f-]{36})\?/.exec(url)?.[1];
  const expiresOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('expires'));
  const rowsOf = async (who: AuthResponse) =>
    sql<{ scope: string; key: string; status: string }>(
      ctx.databaseUrl,
      'SELECT scope, key, status FROM idempotent_requests WHERE user_id = $1 ORDER BY created_at',
      [who.user.id],
    );
  async function newConversation(who: AuthResponse): Promise<string> {
    const [row] = await sql<{ id: string }>(
      ctx.databaseUrl,
      `INSERT INTO conversations (user_id, title) VALUES ($1, 'Field notes') RETURNING id`,
      [who.user.id],
    );
    return row.id;
  }
  const messagesOf = async (who: AuthResponse, conversationId: string) =>
    (await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(who)).expect(200))
      .body as ChatMessage[];

  beforeAll(async () => {
    wav = await goForwardWav();
    fake = await startFakeEngines();
    ctx = await createTestApp('media_voice_idempotency', {
      queue: 'postgres',
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: {
        IMAGE_ENGINE: 'openai-compatible',
        IMAGE_MODEL: 'dall-e-3',
        STT_ENGINE: 'openai-compatible',
        STT_MODEL: 'whisper-1',
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'sk-test-0123456789abcdef',
        AI_MAX_RETRIES: '0',
        AI_TIMEOUT_MS: '5000',
        // Five requests with one key at once: over the per-user cap, which is not tested here.
        CONCURRENT_HEAVY_REQUESTS_PER_USER: '10',
      },
    });
    restoreClock = setClock(ctx.app, MID_MARCH);
  });
  afterAll(async () => {
    restoreClock?.();
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => {
    Object.assign(fake.engines, { imageCalls: 0, transcriptionCalls: 0, imageDelayMs: 0, fail: false });
  });

  describe('POST /api/media/generate', () => {
    it('the same key twice: one drawing, one charge, the same image (linked anew), its messages once', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_media' });
      const conversationId = await newConversation(user);
      const key = randomUUID();
      const body = { prompt: 'A baobab at dawn', type: 'image', conversationId };
      const first = (await generate(user, body, key).expect(200)).body as MediaGenerationResult;
      // An hour later (the outbox waited for the network): the replay's link is signed then.
      restoreClock();
      restoreClock = setClock(ctx.app, AN_HOUR_LATER);
      const again = (await generate(user, body, key).expect(200)).body as MediaGenerationResult;
      restoreClock();
      restoreClock = setClock(ctx.app, MID_MARCH);

      expect(again).toEqual({ ...first, url: expect.any(String) });
      expect(fileIdOf(again.url)).toEqual(fileIdOf(first.url));
      expect(fileIdOf(first.url)).toEqual(expect.any(String));
      expect(expiresOf(again.url) - expiresOf(first.url)).toBe(3600);
      await http().get(again.url).expect(200);
      expect(fake.engines.imageCalls).toBe(1);
      expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
      const messages = await messagesOf(user, conversationId);
      expect(messages.map((message) => [message.role, message.content])).toEqual([
        ['user', 'A baobab at dawn'],
        ['assistant', 'Generated image.'],
      ]);
      expect(await rowsOf(user)).toEqual([{ scope: 'media.generate', key, status: 'done' }]);
    });

    it('five concurrent requests with one key: one drawing, one charge, five identical images', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_media' });
      fake.engines.imageDelayMs = 400;
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => generate(user, { prompt: 'Five at once', type: 'image' }, key)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
      const fileIds = answers.map((answer) => fileIdOf((answer.body as MediaGenerationResult).url));
      expect(new Set(fileIds).size).toBe(1);
      expect(fileIds[0]).toEqual(expect.any(String));
      expect(fake.engines.imageCalls).toBe(1);
      expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
      const [files] = await sql<{ n: number }>(
        ctx.databaseUrl,
        'SELECT count(*)::int AS n FROM files WHERE user_id = $1',
        [user.user.id],
      );
      expect(files.n).toBe(1);
    });

    it('the same key with another prompt is a 409 IDEMPOTENCY_KEY_REUSED that draws and charges nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_media' });
      const key = randomUUID();
      await generate(user, { prompt: 'A goat', type: 'image' }, key).expect(200);
      for (const body of [
        { prompt: 'A sheep', type: 'image' },
        { prompt: 'A goat', type: 'image', size: '1792x1024' },
      ]) {
        const reused = await generate(user, body, key).expect(409);
        expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      }
      expect(fake.engines.imageCalls).toBe(1);
      expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
    });

    it('a malformed key is a 400 before anything is drawn or charged', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_media' });
      const refused = await generate(user, { prompt: 'A cat', type: 'image' }, 'not-a-uuid').expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: IDEMPOTENCY_KEY_INVALID });
      expect(fake.engines.imageCalls).toBe(0);
      expect(await used(user, 'mediaGenerationsPerMonth')).toBe(0);
      expect(await rowsOf(user)).toEqual([]);
    });

    it('a request that fails lets its key go: the retry draws and is charged once', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_media' });
      const key = randomUUID();
      fake.engines.fail = true;
      const failed = await generate(user, { prompt: 'Try again', type: 'image' }, key).expect(502);
      expect(failed.body).toMatchObject({ code: 'AI_UNAVAILABLE' });
      expect(await rowsOf(user)).toEqual([]);
      // The worker gives the failed generation back (after the answer).
      await eventually(async () => ((await used(user, 'mediaGenerationsPerMonth')) === 0 ? true : undefined));

      fake.engines.fail = false;
      const retried = (await generate(user, { prompt: 'Try again', type: 'image' }, key).expect(200))
        .body as MediaGenerationResult;
      const replayed = (await generate(user, { prompt: 'Try again', type: 'image' }, key).expect(200))
        .body as MediaGenerationResult;
      expect(fileIdOf(replayed.url)).toBe(fileIdOf(retried.url));
      expect(fake.engines.imageCalls).toBe(2);
      expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
    });

    it("a refusal (another user's conversation: 404) lets the key go too", async () => {
      const [owner, user] = [
        await registerUser(ctx.app, { prefix: 'idem_media' }),
        await registerUser(ctx.app, { prefix: 'idem_media' }),
      ];
      const theirs = await newConversation(owner);
      const mine = await newConversation(user);
      const key = randomUUID();
      await generate(user, { prompt: 'Sneaky', type: 'image', conversationId: theirs }, key).expect(404);
      expect(await rowsOf(user)).toEqual([]);
      expect(await used(user, 'mediaGenerationsPerMonth')).toBe(0);
      // The key is free: the outbox may send a corrected request with it.
      await generate(user, { prompt: 'Sneaky', type: 'image', conversationId: mine }, key).expect(200);
      expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
    });

    it('two users may use the same key: each gets their own image and charge', async () => {
      const [alice, bob] = [
        await registerUser(ctx.app, { prefix: 'idem_media' }),
        await registerUser(ctx.app, { prefix: 'idem_media' }),
      ];
      const key = randomUUID();
      const a = (await generate(alice, { prompt: 'Shared key', type: 'image' }, key).expect(200))
        .body as MediaGenerationResult;
      const b = (await generate(bob, { prompt: 'Shared key', type: 'image' }, key).expect(200))
        .body as MediaGenerationResult;
      expect(fileIdOf(a.url)).not.toBe(fileIdOf(b.url));
      expect(fake.engines.imageCalls).toBe(2);
      expect(await used(alice, 'mediaGenerationsPerMonth')).toBe(1);
      expect(await used(bob, 'mediaGenerationsPerMonth')).toBe(1);
    });

    it('without a key every request draws and charges, as before', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_media' });
      await generate(user, { prompt: 'No key', type: 'image' }).expect(200);
      await generate(user, { prompt: 'No key', type: 'image' }).expect(200);
      expect(fake.engines.imageCalls).toBe(2);
      expect(await used(user, 'mediaGenerationsPerMonth')).toBe(2);
      expect(await rowsOf(user)).toEqual([]);
    });
  });

  describe('POST /api/voice/transcribe', () => {
    it('the same key and bytes twice: one transcription, one charge, the same result, its message once', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_voice' });
      const conversationId = await newConversation(user);
      const key = randomUUID();
      const first = (await transcribe(user, wav, key, conversationId).expect(200))
        .body as TranscriptionResult;
      const again = (await transcribe(user, wav, key, conversationId).expect(200))
        .body as TranscriptionResult;

      expect(first).toMatchObject({ transcription: 'Go forward ten meters.', engine: 'whisper-1' });
      expect(again).toEqual({ ...first, audioUrl: expect.any(String) });
      expect(fileIdOf(again.audioUrl)).toBe(fileIdOf(first.audioUrl));
      await http().get(again.audioUrl).expect(200);
      expect(fake.engines.transcriptionCalls).toBe(1);
      expect(await used(user, 'audioUploadsPerMonth')).toBe(1);
      expect(await used(user, 'voiceMinutesPerMonth')).toBe(Math.ceil(first.duration));
      const messages = await messagesOf(user, conversationId);
      expect(messages.map((message) => [message.role, message.content])).toEqual([
        ['user', 'Go forward ten meters.'],
      ]);
    });

    it('the same key with other bytes is a 409 IDEMPOTENCY_KEY_REUSED that charges nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_voice' });
      const key = randomUUID();
      await transcribe(user, wav, key).expect(200);
      const otherBytes = Buffer.concat([wav, Buffer.alloc(3200)]);
      const reused = await transcribe(user, otherBytes, key).expect(409);
      expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(fake.engines.transcriptionCalls).toBe(1);
      expect(await used(user, 'audioUploadsPerMonth')).toBe(1);
    });

    it('a transcription that fails gives its charges back and lets the key go: the retry runs once', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_voice' });
      const key = randomUUID();
      fake.engines.fail = true;
      await transcribe(user, wav, key).expect(502);
      expect(await rowsOf(user)).toEqual([]);
      await eventually(async () => ((await used(user, 'voiceMinutesPerMonth')) === 0 ? true : undefined));
      expect(await used(user, 'audioUploadsPerMonth')).toBe(0);

      fake.engines.fail = false;
      // The failed job made its own attempts; the retry adds one, the replay none.
      const callsOfTheFailure = fake.engines.transcriptionCalls;
      const retried = (await transcribe(user, wav, key).expect(200)).body as TranscriptionResult;
      const replayed = (await transcribe(user, wav, key).expect(200)).body as TranscriptionResult;
      expect(replayed.transcription).toBe(retried.transcription);
      expect(fake.engines.transcriptionCalls).toBe(callsOfTheFailure + 1);
      expect(await used(user, 'audioUploadsPerMonth')).toBe(1);
    });

    it('a malformed key is a 400 that charges and stores nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_voice' });
      const refused = await transcribe(user, wav, '12345').expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: IDEMPOTENCY_KEY_INVALID });
      expect(fake.engines.transcriptionCalls).toBe(0);
      expect(await used(user, 'audioUploadsPerMonth')).toBe(0);
      const [files] = await sql<{ n: number }>(
        ctx.databaseUrl,
        'SELECT count(*)::int AS n FROM files WHERE user_id = $1',
        [user.user.id],
      );
      expect(files.n).toBe(0);
    });
  });

  describe('the stored keys', () => {
    it('are deleted by the cleanup after 24 hours', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_keys' });
      const [oldKey, newKey] = [randomUUID(), randomUUID()];
      await generate(user, { prompt: 'Old', type: 'image' }, oldKey).expect(200);
      await generate(user, { prompt: 'New', type: 'image' }, newKey).expect(200);
      await sql(
        ctx.databaseUrl,
        `UPDATE idempotent_requests SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND key = $2`,
        [user.user.id, oldKey],
      );
      expect(await ctx.app.get(IdempotentRequestsCleanup).run()).toBeGreaterThanOrEqual(1);
      expect((await rowsOf(user)).map((row) => row.key)).toEqual([newKey]);
    });

    it('go with their user', async () => {
      const user = await registerUser(ctx.app, { prefix: 'idem_keys' });
      await generate(user, { prompt: 'Mine', type: 'image' }, randomUUID()).expect(200);
      await transcribe(user, wav, randomUUID()).expect(200);
      expect((await rowsOf(user)).map((row) => row.scope).sort()).toEqual([
        'media.generate',
        'voice.transcribe',
      ]);
      await sql(ctx.databaseUrl, 'DELETE FROM users WHERE id = $1', [user.user.id]);
      expect(await rowsOf(user)).toEqual([]);
    });
  });
});
