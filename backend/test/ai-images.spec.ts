import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import { Resvg } from '@resvg/resvg-js';
import { createImageModel } from '../src/ai/ai.module';
import { ImageModelError } from '../src/ai/images/image-model.port';
import { OfflineIllustrationModel } from '../src/ai/images/offline/offline-illustration.model';
import { OpenAiImageModel } from '../src/ai/images/openai/openai-image.model';
import type { AiConfig, AppConfig } from '../src/config';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';

/**
 * The OpenAI-compatible image adapter end to end: the real adapter and the real `openai` SDK
 * against a loopback server speaking the images wire format (POST /v1/images/generations, JSON
 * with data[].b64_json or data[].url, OpenAI error bodies), which also hosts the `url` images.
 */

const API_KEY = 'sk-test-0123456789abcdef';
const PNG = new Resvg(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="#3a3"/></svg>',
)
  .render()
  .asPng();
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, ...Buffer.alloc(30)]);

type Reply =
  | { kind: 'b64'; bytes?: Buffer; revisedPrompt?: string }
  | { kind: 'url'; path: string; revisedPrompt?: string }
  | { kind: 'empty' }
  | { kind: 'error'; status: number; message: string; code?: string; retryAfterSeconds?: number };

interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
  authorization?: string;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The images endpoint (scripted replies, in order) and the files its `url` answers point to. */
async function startFakeImagesServer() {
  const requests: RecordedRequest[] = [];
  const script: Reply[] = [];
  const files = new Map<string, Buffer>();
  const server: LoopbackServer = await startLoopbackServer(async (req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'GET') {
      requests.push({ path, body: {} });
      const file = files.get(path);
      if (!file) return sendJson(res, 404, { error: 'expired' });
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(file.length) });
      res.end(file);
      return;
    }
    const body = await readJson(req);
    requests.push({ path, body, authorization: req.headers.authorization });
    if (path !== '/v1/images/generations')
      return sendJson(res, 404, { error: { message: `no route ${path}` } });
    const reply = script.shift() ?? { kind: 'b64' };
    const created = Math.floor(Date.now() / 1000);
    switch (reply.kind) {
      case 'b64':
        return sendJson(res, 200, {
          created,
          data: [{ b64_json: (reply.bytes ?? PNG).toString('base64'), revised_prompt: reply.revisedPrompt }],
        });
      case 'url':
        return sendJson(res, 200, {
          created,
          data: [{ url: `${server.origin}${reply.path}`, revised_prompt: reply.revisedPrompt }],
        });
      case 'empty':
        return sendJson(res, 200, { created, data: [] });
      case 'error':
        return sendJson(
          res,
          reply.status,
          {
            error: {
              message: reply.message,
              type: 'invalid_request_error',
              param: null,
              code: reply.code ?? null,
            },
          },
          reply.retryAfterSeconds !== undefined ? { 'retry-after': String(reply.retryAfterSeconds) } : {},
        );
    }
  });
  return { baseUrl: `${server.origin}/v1`, requests, script, files, close: () => server.close() };
}

function aiConfig(baseUrl: string, overrides: Partial<AiConfig> = {}): AiConfig {
  return {
    chatEngine: 'openai-compatible',
    openaiApiKey: API_KEY,
    openaiBaseUrl: baseUrl,
    chatModel: 'chat-model',
    requestTimeoutMs: 2_000,
    maxRetries: 2,
    chatHistoryTokenBudget: 3_000,
    ...overrides,
  };
}

const fastRetries = { baseDelayMs: 5, maxDelayMs: 20, retryAfterCapMs: 3_000 };

async function failureOf(promise: Promise<unknown>): Promise<ImageModelError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImageModelError);
  return error as ImageModelError;
}

describe('OpenAI-compatible image adapter (against a loopback images server)', () => {
  let fake: Awaited<ReturnType<typeof startFakeImagesServer>>;
  let model: OpenAiImageModel;
  const logged: string[] = [];

  beforeAll(async () => {
    fake = await startFakeImagesServer();
    const keep = (message: unknown) => void logged.push(String(message));
    Logger.overrideLogger({ log: keep, warn: keep, error: keep, debug: () => {}, verbose: () => {} });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.script.length = 0;
    logged.length = 0;
    model = new OpenAiImageModel(aiConfig(fake.baseUrl), 'dall-e-3', fastRetries);
  });

  it('decodes a b64_json answer and keeps the revised prompt', async () => {
    fake.script.push({ kind: 'b64', revisedPrompt: 'A Cameroonian farmer holding fresh cassava roots' });
    const result = await model.generate({ prompt: 'farmer with cassava', size: '1792x1024' });

    expect(result.image.equals(PNG)).toBe(true);
    expect(result).toMatchObject({
      contentType: 'image/png',
      format: 'png',
      size: '1792x1024',
      engine: 'openai-compatible',
      metadata: {
        model: 'dall-e-3',
        size: '1792x1024',
        revised_prompt: 'A Cameroonian farmer holding fresh cassava roots',
      },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/images/generations',
      authorization: `Bearer ${API_KEY}`,
      body: {
        model: 'dall-e-3',
        prompt: 'farmer with cassava',
        n: 1,
        size: '1792x1024',
        response_format: 'b64_json',
      },
    });
  });

  it('downloads a url answer at once instead of keeping the expiring link', async () => {
    fake.files.set('/files/img-1.png', PNG);
    fake.script.push({ kind: 'url', path: '/files/img-1.png' });
    const result = await model.generate({ prompt: 'maize', size: '1024x1024' });

    expect(result.image.equals(PNG)).toBe(true);
    expect(result.metadata).toEqual({ model: 'dall-e-3', size: '1024x1024' });
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/v1/images/generations',
      '/files/img-1.png',
    ]);
  });

  it('sends no response_format to gpt-image models, which always answer base64', async () => {
    const gptImage = new OpenAiImageModel(aiConfig(fake.baseUrl), 'gpt-image-1', fastRetries);
    await gptImage.generate({ prompt: 'chicken', size: '1024x1024' });
    expect(fake.requests[0].body.model).toBe('gpt-image-1');
    expect(fake.requests[0].body).not.toHaveProperty('response_format');
  });

  it('fails clearly when the link has already expired, without drawing a second image', async () => {
    fake.script.push({ kind: 'url', path: '/files/gone.png' });
    const error = await failureOf(model.generate({ prompt: 'maize', size: '1024x1024' }));
    expect(error.code).toBe('AI_UNAVAILABLE');
    expect(fake.requests.filter((request) => request.path === '/v1/images/generations')).toHaveLength(1);
  });

  it('refuses an answer that is not a PNG, or has no image', async () => {
    fake.script.push({ kind: 'b64', bytes: JPEG });
    expect((await failureOf(model.generate({ prompt: 'cow', size: '1024x1024' }))).code).toBe(
      'AI_UNREADABLE_ANSWER',
    );
    fake.script.push({ kind: 'empty' });
    expect((await failureOf(model.generate({ prompt: 'cow', size: '1024x1024' }))).code).toBe(
      'AI_UNREADABLE_ANSWER',
    );
  });

  it('tells the user a refused prompt is theirs to rephrase (400 content policy), without retrying', async () => {
    fake.script.push({
      kind: 'error',
      status: 400,
      code: 'content_policy_violation',
      message: 'Your request was rejected as a result of our safety system.',
    });
    const error = await failureOf(model.generate({ prompt: 'something refused', size: '1024x1024' }));
    expect(error).toMatchObject({ code: 'AI_PROMPT_REFUSED', kind: 'bad_request', status: 400 });
    expect(fake.requests).toHaveLength(1);
  });

  it('names IMAGE_MODEL to the log, not to the user, when the server does not know the model', async () => {
    fake.script.push({
      kind: 'error',
      status: 404,
      code: 'model_not_found',
      message: 'The model `dall-e-9` does not exist.',
    });
    const error = await failureOf(model.generate({ prompt: 'sun', size: '1024x1024' }));
    expect(error.code).toBe('AI_MODEL_UNKNOWN');
    expect(error.message).toBe(
      'The AI service is not set up correctly on this server. Please tell the administrator.',
    );
    expect(logged.join('\n')).toContain('the administrator should check IMAGE_MODEL');
  });

  it('reports a refused API key (401) at once, and keeps the key out of the logs', async () => {
    fake.script.push({ kind: 'error', status: 401, message: `Incorrect API key provided: ${API_KEY}.` });
    const error = await failureOf(model.generate({ prompt: 'sun', size: '1024x1024' }));
    expect(error).toMatchObject({ code: 'AI_AUTH_FAILED', status: 401 });
    expect(fake.requests).toHaveLength(1);
    expect(logged.join('\n')).toContain('Incorrect API key provided');
    expect(logged.join('\n')).not.toContain(API_KEY);
  });

  it('retries a busy server (429) and succeeds when it recovers', async () => {
    fake.script.push(
      { kind: 'error', status: 429, message: 'Rate limit reached', retryAfterSeconds: 0 },
      { kind: 'error', status: 429, message: 'Rate limit reached' },
      { kind: 'b64' },
    );
    const result = await model.generate({ prompt: 'goat', size: '1024x1792' });
    expect(result.image.equals(PNG)).toBe(true);
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after AI_MAX_RETRIES on 429 and on 500, with a code the user can read', async () => {
    fake.script.push(
      ...Array.from(
        { length: 3 },
        () => ({ kind: 'error', status: 429, message: 'Rate limit reached' }) as const,
      ),
    );
    expect((await failureOf(model.generate({ prompt: 'pig', size: '1024x1024' }))).code).toBe('AI_BUSY');
    expect(fake.requests).toHaveLength(3);

    fake.requests.length = 0;
    fake.script.push(
      ...Array.from(
        { length: 3 },
        () => ({ kind: 'error', status: 500, message: 'The server had an error' }) as const,
      ),
    );
    expect((await failureOf(model.generate({ prompt: 'pig', size: '1024x1024' }))).code).toBe(
      'AI_UNAVAILABLE',
    );
    expect(fake.requests).toHaveLength(3);
  });

  it('reports an unreachable server as unavailable', async () => {
    const closed = await startLoopbackServer(async () => undefined);
    const baseUrl = `${closed.origin}/v1`;
    await closed.close();
    const unreachable = new OpenAiImageModel(aiConfig(baseUrl, { maxRetries: 0 }), 'dall-e-3', fastRetries);
    expect((await failureOf(unreachable.generate({ prompt: 'sun', size: '1024x1024' }))).code).toBe(
      'AI_UNAVAILABLE',
    );
  });
});

describe('createImageModel', () => {
  const config = (images: AppConfig['images']) =>
    ({ ai: aiConfig('http://127.0.0.1:9/v1'), images }) as AppConfig;

  it('uses the OpenAI-compatible adapter with IMAGE_MODEL when configured, the offline illustrator otherwise', () => {
    const remote = createImageModel(config({ engine: 'openai-compatible', model: 'dall-e-3' }));
    expect(remote).toBeInstanceOf(OpenAiImageModel);
    expect(remote.model).toBe('dall-e-3');
    const offline = createImageModel(config({ engine: 'offline', model: 'dall-e-3' }));
    expect(offline).toBeInstanceOf(OfflineIllustrationModel);
    expect(offline.model).toBe('offline-illustration');
  });
});
