import type { IncomingMessage, ServerResponse } from 'node:http';
import { Resvg } from '@resvg/resvg-js';
import request from 'supertest';
import type { AuthResponse, ChatMessage, MediaGenerationResult } from '@kasa/contracts';
import { ChatService } from '../src/chat';
import { CONVERSATION_ID_INVALID } from '../src/common';
import {
  PROMPT_REQUIRED,
  PROMPT_TOO_LONG,
  SIZE_INVALID,
  TYPE_INVALID,
} from '../src/media/dto/generate-media.dto';
import { IMAGE_CAPTION } from '../src/media/media.service';
import { QueueService } from '../src/queue';
import type { User } from '../src/users';
import { eventually, sleep, sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { setClock, usedIn } from './support/usage-support';

/**
 * POST /api/media/generate end to end on both queue backends: the request reserves a media
 * generation, the media.generate job draws with the configured engine (the offline illustrator,
 * or the OpenAI-compatible adapter against a loopback images server) and stores the PNG, and the
 * answer's signed link serves it.
 */

const MID_MARCH = '2031-03-10T08:00:00.000Z';
const MARCH = '2031-03-01';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PROVIDER_PNG = new Resvg(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="#3a3"/></svg>',
)
  .render()
  .asPng();

type ImagesReply =
  { kind: 'b64'; revisedPrompt?: string } | { kind: 'error'; status: number; message: string; code?: string };

/** The OpenAI images wire format: POST /v1/images/generations answers scripted replies in order. */
async function startFakeImagesServer() {
  const requests: Record<string, unknown>[] = [];
  const script: ImagesReply[] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: LoopbackServer = await startLoopbackServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url !== '/v1/images/generations') return send(res, 404, { error: { message: 'no route' } });
    requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
    const reply = script.shift() ?? { kind: 'b64' };
    if (reply.kind === 'error')
      return send(res, reply.status, {
        error: {
          message: reply.message,
          type: 'invalid_request_error',
          param: null,
          code: reply.code ?? null,
        },
      });
    send(res, 200, {
      created: Math.floor(Date.now() / 1000),
      data: [{ b64_json: PROVIDER_PNG.toString('base64'), revised_prompt: reply.revisedPrompt }],
    });
  });
  return { baseUrl: `${server.origin}/v1`, requests, script, close: () => server.close() };
}

/** Width and height from a PNG's IHDR chunk. */
function pngDimensions(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.each<QueueBackend>(['postgres', 'redis'])('media generation with the queue on %s', (backend) => {
  async function startApp(label: string, env: Record<string, string> = {}) {
    const ctx = await createTestApp(`media_${label}_${backend}`, {
      queue: backend,
      env,
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    return { ctx, restoreClock: setClock(ctx.app, MID_MARCH) };
  }

  function helpers(ctx: () => TestApp) {
    const http = () => request(ctx().app.getHttpServer());
    const generate = (who: AuthResponse, body: object) =>
      http().post('/api/media/generate').set(bearer(who)).send(body);
    const used = (who: AuthResponse) =>
      usedIn(ctx().databaseUrl, who.user.id, 'mediaGenerationsPerMonth', MARCH);
    const filesOf = async (who: AuthResponse) =>
      sql<{ conversation_id: string | null; kind: string }>(
        ctx().databaseUrl,
        'SELECT conversation_id, kind FROM files WHERE user_id = $1',
        [who.user.id],
      );
    /** The bytes a signed link serves, without a token. */
    const fetchLink = (url: string) =>
      http()
        .get(url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    /**
     * The usage once the worker's refund of a failed job has landed (it runs on the worker's
     * 'failed' event, which may come after the answer), and still a moment later.
     */
    const usedAfterRefund = async (who: AuthResponse, expected: number) => {
      await eventually(async () => ((await used(who)) <= expected ? true : undefined));
      await sleep(300);
      return used(who);
    };
    return { http, generate, used, usedAfterRefund, filesOf, fetchLink };
  }

  describe('with the offline illustrator', () => {
    let ctx: TestApp;
    let restoreClock: () => void;
    const { http, generate, used, filesOf, fetchLink } = helpers(() => ctx);

    beforeAll(async () => {
      ({ ctx, restoreClock } = await startApp('offline'));
    });
    afterAll(async () => {
      restoreClock?.();
      await ctx?.close();
    });

    async function newConversation(who: AuthResponse): Promise<string> {
      const sent = await http().post('/api/chat').set(bearer(who)).send({ message: 'Hello' }).expect(200);
      return /"conversationId":"([^"]+)"/.exec(sent.text)![1];
    }

    it('draws a labelled PNG at the asked size, stores it and links it without a token', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      const response = await generate(user, {
        prompt: '  A baobab tree at sunset ',
        type: 'image',
        size: '1792x1024',
      });
      expect(response.status).toBe(200);
      const result = response.body as MediaGenerationResult;
      expect(result).toEqual({
        type: 'image',
        url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}\?expires=\d+&sig=/),
        format: 'png',
        metadata: { model: 'offline-illustration', size: '1792x1024' },
      });

      const served = await fetchLink(result.url).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const png = served.body as Buffer;
      expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(pngDimensions(png)).toEqual({ width: 1792, height: 1024 });
      expect(await used(user)).toBe(1);
      expect(await filesOf(user)).toEqual([{ conversation_id: null, kind: 'image' }]);
    });

    it('draws 1024x1024 when no size is given', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      const result = (await generate(user, { prompt: 'Maize field', type: 'image' }).expect(200))
        .body as MediaGenerationResult;
      expect(result.metadata.size).toBe('1024x1024');
      expect(pngDimensions((await fetchLink(result.url).expect(200)).body as Buffer)).toEqual({
        width: 1024,
        height: 1024,
      });
    });

    it('gives a Basic user 5 images a month, then the exact usage-limit 429 without drawing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      for (let i = 0; i < 5; i++)
        await generate(user, { prompt: `Cocoa beans ${i}`, type: 'image' }).expect(200);
      expect(await used(user)).toBe(5);

      const refused = await generate(user, { prompt: 'One goat too many', type: 'image' }).expect(429);
      expect(refused.body).toEqual({
        error: 'Usage limit exceeded',
        feature: 'mediaGenerationsPerMonth',
        current: 5,
        limit: 5,
        upgradeRequired: true,
        code: 'USAGE_LIMIT_EXCEEDED',
      });
      // 10 March 08:00 to 1 April 00:00 UTC.
      expect(refused.headers['retry-after']).toBe(String(21 * 86_400 + 16 * 3_600));
      expect(await used(user)).toBe(5);
      expect(await filesOf(user)).toHaveLength(5);
    });

    it('with a conversationId, the prompt and the image are its messages after a reload', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      const conversationId = await newConversation(user);
      const result = (
        await generate(user, { prompt: 'A field of maize at sunrise', type: 'image', conversationId }).expect(
          200,
        )
      ).body as MediaGenerationResult;

      const messages = (
        await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(user)).expect(200)
      ).body as ChatMessage[];
      expect(messages).toHaveLength(4);
      const [prompt, image] = messages.slice(-2);
      expect(prompt).toMatchObject({ role: 'user', content: 'A field of maize at sunrise' });
      expect(prompt.mediaUrl ?? null).toBeNull();
      expect(image).toMatchObject({ role: 'assistant', content: IMAGE_CAPTION, mediaType: 'image' });
      const served = await fetchLink(image.mediaUrl!).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.body).toEqual((await fetchLink(result.url).expect(200)).body);
      expect(await filesOf(user)).toEqual([{ conversation_id: conversationId, kind: 'image' }]);

      // The image goes with its conversation.
      await http().delete(`/api/chat/conversations/${conversationId}`).set(bearer(user)).expect(204);
      expect(await filesOf(user)).toEqual([]);
    });

    it("another user's conversation (or none) is a 404 before anything is charged or drawn", async () => {
      const owner = await registerUser(ctx.app, { prefix: 'media' });
      const intruder = await registerUser(ctx.app, { prefix: 'media' });
      const conversationId = await newConversation(owner);
      for (const id of [conversationId, '00000000-0000-4000-8000-000000000000']) {
        const refused = await generate(intruder, {
          prompt: 'Sneaky',
          type: 'image',
          conversationId: id,
        }).expect(404);
        expect(refused.body).toMatchObject({
          code: 'CHAT_CONVERSATION_NOT_FOUND',
          message: 'Conversation not found.',
        });
      }
      // No job ran: one would have drawn, failed in storage and stayed among the failed jobs.
      expect(await ctx.app.get(QueueService).queue('media').getFailedCount()).toBe(0);
      expect(await used(intruder)).toBe(0);
      expect(await filesOf(intruder)).toEqual([]);
      const messages = await ctx.app
        .get(ChatService)
        .getMessages({ id: owner.user.id } as User, conversationId);
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    });

    it('refuses video with a 422 that charges nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      const refused = await generate(user, { prompt: 'A dancing crowd', type: 'video' }).expect(422);
      expect(refused.body).toMatchObject({
        code: 'MEDIA_VIDEO_UNAVAILABLE',
        message: 'Video generation is not available yet.',
      });
      expect(await used(user)).toBe(0);
    });

    it('refuses a prompt it has no faithful icon for with a 422 that charges and stores nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      await generate(user, { prompt: 'Une chèvre sous la pluie', type: 'image' }).expect(200);
      expect(await used(user)).toBe(1);

      for (const prompt of ['Draw a picture of cocoa pods', 'Quelque chose de très abstrait']) {
        const refused = await generate(user, { prompt, type: 'image' }).expect(422);
        expect(refused.body).toMatchObject({
          code: 'IMAGE_PROMPT_NOT_ILLUSTRATABLE',
          message:
            "Kasa's offline illustrations cannot draw this yet. Try naming a crop, an animal, a tool or the weather.",
        });
      }
      expect(await used(user)).toBe(1);
      expect(await filesOf(user)).toHaveLength(1);
    });

    it.each([
      ['no prompt', { type: 'image' }, PROMPT_REQUIRED],
      ['a blank prompt', { prompt: '   ', type: 'image' }, PROMPT_REQUIRED],
      ['a prompt that is not text', { prompt: 42, type: 'image' }, PROMPT_REQUIRED],
      ['a prompt of 1001 characters', { prompt: 'a'.repeat(1001), type: 'image' }, PROMPT_TOO_LONG],
      ['an unknown type', { prompt: 'A cat', type: 'gif' }, TYPE_INVALID],
      ['no type', { prompt: 'A cat' }, TYPE_INVALID],
      ['an unknown size', { prompt: 'A cat', type: 'image', size: '512x512' }, SIZE_INVALID],
      [
        'a conversationId that is no UUID',
        { prompt: 'A cat', type: 'image', conversationId: 'abc' },
        CONVERSATION_ID_INVALID,
      ],
    ])('answers %s with a 400 that says so and charges nothing', async (_case, body, message) => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      const refused = await generate(user, body).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(await used(user)).toBe(0);
    });

    it('accepts a prompt of exactly 1000 characters and needs a signed-in user', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      await generate(user, { prompt: `${'goat '.repeat(199)}goats`, type: 'image' }).expect(200);
      await http().post('/api/media/generate').send({ prompt: 'A cat', type: 'image' }).expect(401);
    });
  });

  describe('with an OpenAI-compatible images server', () => {
    let ctx: TestApp;
    let restoreClock: () => void;
    let images: Awaited<ReturnType<typeof startFakeImagesServer>>;
    const { generate, used, usedAfterRefund, filesOf, fetchLink } = helpers(() => ctx);

    beforeAll(async () => {
      images = await startFakeImagesServer();
      ({ ctx, restoreClock } = await startApp('openai', {
        IMAGE_ENGINE: 'openai-compatible',
        IMAGE_MODEL: 'dall-e-3',
        OPENAI_BASE_URL: images.baseUrl,
        OPENAI_API_KEY: 'sk-test-0123456789abcdef',
        AI_MAX_RETRIES: '1',
        AI_TIMEOUT_MS: '5000',
      }));
    });
    afterAll(async () => {
      restoreClock?.();
      await ctx?.close();
      await images?.close();
    });
    beforeEach(() => {
      images.script.length = 0;
      images.requests.length = 0;
    });

    it("stores the provider's PNG and answers its model, size and revised prompt", async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      images.script.push({ kind: 'b64', revisedPrompt: 'A tall baobab tree under an orange sky' });
      const result = (
        await generate(user, { prompt: ' A baobab ', type: 'image', size: '1024x1792' }).expect(200)
      ).body as MediaGenerationResult;
      expect(result).toMatchObject({
        type: 'image',
        format: 'png',
        metadata: {
          model: 'dall-e-3',
          size: '1024x1792',
          revised_prompt: 'A tall baobab tree under an orange sky',
        },
      });
      expect(images.requests).toEqual([
        expect.objectContaining({ model: 'dall-e-3', prompt: 'A baobab', size: '1024x1792', n: 1 }),
      ]);
      const served = await fetchLink(result.url).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.body).toEqual(PROVIDER_PNG);
      expect(await used(user)).toBe(1);
    });

    it('a provider failing after its retries answers its AI code and gives the generation back exactly once', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      await generate(user, { prompt: 'First one', type: 'image' }).expect(200);
      expect(await used(user)).toBe(1);
      images.requests.length = 0;

      const failing = { kind: 'error', status: 500, message: 'upstream exploded' } as const;
      images.script.push(failing, failing);
      const failed = await generate(user, { prompt: 'Second one', type: 'image' }).expect(502);
      expect(failed.body).toMatchObject({ code: 'AI_UNAVAILABLE' });
      // One try and AI_MAX_RETRIES=1 retry by the adapter; the job does not draw (and bill) again.
      expect(images.requests).toHaveLength(2);
      // Refunded once: a second refund would take the first image's count too.
      expect(await usedAfterRefund(user, 1)).toBe(1);
      expect(await filesOf(user)).toHaveLength(1);
    });

    it('a busy provider is a 503 AI_BUSY, never the usage-limit 429', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      const busy = { kind: 'error', status: 429, message: 'Rate limit reached' } as const;
      images.script.push(busy, busy);
      const failed = await generate(user, { prompt: 'Busy now?', type: 'image' }).expect(503);
      expect(failed.body).toMatchObject({ code: 'AI_BUSY' });
      expect(await usedAfterRefund(user, 0)).toBe(0);
    });

    it('a refused prompt is a 422 AI_PROMPT_REFUSED, not retried, and charges nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'media' });
      images.script.push({
        kind: 'error',
        status: 400,
        message: 'Your request was rejected as a result of our safety system.',
        code: 'content_policy_violation',
      });
      const refused = await generate(user, { prompt: 'Something refused', type: 'image' }).expect(422);
      expect(refused.body).toMatchObject({ code: 'AI_PROMPT_REFUSED' });
      expect(images.requests).toHaveLength(1);
      expect(await usedAfterRefund(user, 0)).toBe(0);
    });
  });
});
