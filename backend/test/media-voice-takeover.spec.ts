import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Resvg } from '@resvg/resvg-js';
import type { AuthResponse, ChatMessage, MediaGenerationResult, TranscriptionResult } from '@kasa/contracts';
import { WorkerModule } from '../src/worker.module';
import { eventually, sleep, sql } from './chat-support';
import { GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type ApiProcess, startApiProcess } from './support/api-process';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';
import { goForwardWav } from './support/speech-samples';
import { createTestEnvironment, type QueueBackend, type TestEnvironment } from './support/test-app';

/**
 * An idempotent image or transcription request whose API instance is killed (kill -9) while its
 * job runs (docs/architecture.md#idempotent-media-and-voice-requests): the job finishes in the
 * worker and is charged once; the retry with the same key, on a new API instance, takes the
 * dead request's claim over within seconds and answers the job's result, without calling the
 * provider, charging or adding the conversation's messages again.
 */

const PNG = new Resvg(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="#a33"/></svg>',
)
  .render()
  .asPng();

/** Slow image and transcription endpoints on the OpenAI wire format, counting their calls. */
async function startSlowEngines() {
  const engines = { imageCalls: 0, transcriptionCalls: 0, delayMs: 3_000 };
  const send = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: LoopbackServer = await startLoopbackServer(async (req: IncomingMessage, res) => {
    await new Promise((ended) => req.on('end', ended).resume());
    if (req.url === '/v1/images/generations') {
      engines.imageCalls++;
      await sleep(engines.delayMs);
      return send(res, { created: 1, data: [{ b64_json: PNG.toString('base64') }] });
    }
    if (req.url === '/v1/audio/transcriptions') {
      engines.transcriptionCalls++;
      await sleep(engines.delayMs);
      return send(res, {
        task: 'transcribe',
        language: 'english',
        duration: 3,
        text: 'Go forward ten meters.',
      });
    }
    res.writeHead(404).end();
  });
  return { engines, baseUrl: `${server.origin}/v1`, close: () => server.close() };
}

/** Far below the 30 s a retry used to wait before its 409, and the 15 minutes before a takeover. */
const RETRY_ANSWERS_WITHIN_MS = 25_000;

describe.each<QueueBackend>(['postgres', 'redis'])('a keyed request whose API died (%s queue)', (queue) => {
  let environment: TestEnvironment;
  let fake: Awaited<ReturnType<typeof startSlowEngines>>;
  let worker: INestApplicationContext;
  let api: ApiProcess | undefined;
  let wav: Buffer;

  beforeAll(async () => {
    wav = await goForwardWav();
    fake = await startSlowEngines();
    environment = await createTestEnvironment(`idem_takeover_${queue}`, {
      queue,
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: {
        WORKER_MODE: 'off',
        IMAGE_ENGINE: 'openai-compatible',
        IMAGE_MODEL: 'dall-e-3',
        STT_ENGINE: 'openai-compatible',
        STT_MODEL: 'whisper-1',
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'sk-test-0123456789abcdef',
        AI_MAX_RETRIES: '0',
        AI_TIMEOUT_MS: '20000',
      },
    });
    // The worker outlives the API instances (here, in the test's process).
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(environment.config), {
      logger: false,
    });
    await worker.init();
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await worker?.close();
    await environment?.dispose();
    await fake?.close();
  });

  const call = (path: string, who: AuthResponse, key: string, body: RequestInit['body'], json = false) =>
    fetch(`${api!.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${who.token}`,
        'Idempotency-Key': key,
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body,
    });
  const generate = (who: AuthResponse, key: string, conversationId: string) =>
    call(
      '/api/media/generate',
      who,
      key,
      JSON.stringify({ prompt: 'A baobab at dawn', type: 'image', conversationId }),
      true,
    );
  function transcribe(who: AuthResponse, key: string, conversationId: string) {
    const form = new FormData();
    form.append('conversationId', conversationId);
    form.append('audio', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'recording.wav');
    return call('/api/voice/transcribe', who, key, form);
  }
  const used = async (who: AuthResponse, feature: string) =>
    (
      await sql<{ used: number }>(
        environment.databaseUrl,
        'SELECT coalesce(sum(used), 0)::int AS used FROM usage_counters WHERE user_id = $1 AND feature = $2',
        [who.user.id, feature],
      )
    )[0].used;
  async function newConversation(who: AuthResponse): Promise<string> {
    const [row] = await sql<{ id: string }>(
      environment.databaseUrl,
      `INSERT INTO conversations (user_id, title) VALUES ($1, 'Field notes') RETURNING id`,
      [who.user.id],
    );
    return row.id;
  }
  async function messagesOf(who: AuthResponse, conversationId: string): Promise<ChatMessage[]> {
    const response = await fetch(`${api!.baseUrl}/api/chat/conversations/${conversationId}`, {
      headers: { Authorization: `Bearer ${who.token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as ChatMessage[];
  }
  const fileIdOf = (url: string) => /\/api\/files\/([0-9a-f-]{36})\?/.exec(url)?.[1];

  /** Sends the request, kills the API (kill -9) once the provider has it, starts a new API. */
  async function killWhileTheJobRuns(send: () => Promise<Response>, calls: () => number): Promise<void> {
    const before = calls();
    const lost = send().then(
      () => 'answered',
      () => 'lost',
    );
    await eventually(async () => (calls() > before ? true : undefined), 30_000, 20);
    const dead = api!;
    const exited = new Promise((resolve) => dead.child.once('exit', resolve));
    dead.child.kill('SIGKILL');
    await exited;
    expect(await lost).toBe('lost');
    api = await startApiProcess(environment.config);
  }

  async function retried<T>(send: () => Promise<Response>): Promise<T> {
    const started = Date.now();
    const response = await send();
    const body = (await response.json()) as T;
    expect({ status: response.status, body }).toMatchObject({ status: 200 });
    expect(Date.now() - started).toBeLessThan(RETRY_ANSWERS_WITHIN_MS);
    return body;
  }

  it('POST /api/media/generate: the retry answers the finished image, drawn and charged once, its messages once', async () => {
    api = await startApiProcess(environment.config);
    const user = await registerUser(api.baseUrl, { prefix: 'takeover_media' });
    const conversationId = await newConversation(user);
    const key = randomUUID();
    const callsBefore = fake.engines.imageCalls;
    const imageCalls = () => fake.engines.imageCalls - callsBefore;

    await killWhileTheJobRuns(() => generate(user, key, conversationId), imageCalls);
    const image = await retried<MediaGenerationResult>(() => generate(user, key, conversationId));
    const again = await retried<MediaGenerationResult>(() => generate(user, key, conversationId));

    expect(fileIdOf(image.url)).toEqual(expect.any(String));
    expect(fileIdOf(again.url)).toBe(fileIdOf(image.url));
    expect((await fetch(`${api.baseUrl}${image.url}`)).status).toBe(200);
    expect(imageCalls()).toBe(1);
    expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
    const messages = await messagesOf(user, conversationId);
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'A baobab at dawn'],
      ['assistant', 'Generated image.'],
    ]);
  }, 120_000);

  it('POST /api/media/generate: a retry while the job still runs takes the claim over and waits for that job', async () => {
    api ??= await startApiProcess(environment.config);
    const user = await registerUser(api.baseUrl, { prefix: 'takeover_media' });
    const conversationId = await newConversation(user);
    const key = randomUUID();
    const callsBefore = fake.engines.imageCalls;
    const imageCalls = () => fake.engines.imageCalls - callsBefore;
    // Longer than restarting the API plus the stale bound: the retry finds the job running.
    fake.engines.delayMs = 16_000;
    try {
      await killWhileTheJobRuns(() => generate(user, key, conversationId), imageCalls);
      const image = await retried<MediaGenerationResult>(() => generate(user, key, conversationId));
      expect(fileIdOf(image.url)).toEqual(expect.any(String));
    } finally {
      fake.engines.delayMs = 3_000;
    }
    expect(imageCalls()).toBe(1);
    expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
    expect((await messagesOf(user, conversationId)).map((message) => message.role)).toEqual([
      'user',
      'assistant',
    ]);
  }, 120_000);

  it('POST /api/media/generate: an instance that died after adding the messages, before storing the result: not added again', async () => {
    api ??= await startApiProcess(environment.config);
    const user = await registerUser(api.baseUrl, { prefix: 'takeover_media' });
    const conversationId = await newConversation(user);
    const key = randomUUID();
    const first = await retried<MediaGenerationResult>(() => generate(user, key, conversationId));
    const callsAfterFirst = fake.engines.imageCalls;
    // What such an instance leaves: its claim running, unrenewed, with the job's recorded image.
    const [row] = await sql<{ result: Record<string, unknown> }>(
      environment.databaseUrl,
      'SELECT result FROM idempotent_requests WHERE user_id = $1 AND key = $2',
      [user.user.id, key],
    );
    await sql(
      environment.databaseUrl,
      `UPDATE idempotent_requests
          SET status = 'running', result = NULL, owner = $3, progress = jsonb_build_object('jobId', $4::text, 'image', $5::jsonb),
              updated_at = now() - interval '1 minute'
        WHERE user_id = $1 AND key = $2`,
      [user.user.id, key, randomUUID(), randomUUID(), JSON.stringify(row.result)],
    );
    const again = await retried<MediaGenerationResult>(() => generate(user, key, conversationId));
    expect(fileIdOf(again.url)).toBe(fileIdOf(first.url));
    expect(fake.engines.imageCalls).toBe(callsAfterFirst);
    expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
    expect((await messagesOf(user, conversationId)).map((message) => message.role)).toEqual([
      'user',
      'assistant',
    ]);
  }, 120_000);

  it('POST /api/voice/transcribe: the retry answers the finished transcription, charged once, its message once', async () => {
    api ??= await startApiProcess(environment.config);
    const user = await registerUser(api.baseUrl, { prefix: 'takeover_voice' });
    const conversationId = await newConversation(user);
    const key = randomUUID();
    const callsBefore = fake.engines.transcriptionCalls;
    const transcriptionCalls = () => fake.engines.transcriptionCalls - callsBefore;

    await killWhileTheJobRuns(() => transcribe(user, key, conversationId), transcriptionCalls);
    const result = await retried<TranscriptionResult>(() => transcribe(user, key, conversationId));
    const again = await retried<TranscriptionResult>(() => transcribe(user, key, conversationId));

    expect(result).toMatchObject({ transcription: 'Go forward ten meters.', engine: 'whisper-1' });
    expect(fileIdOf(again.audioUrl)).toBe(fileIdOf(result.audioUrl));
    expect(transcriptionCalls()).toBe(1);
    expect(await used(user, 'audioUploadsPerMonth')).toBe(1);
    expect(await used(user, 'voiceMinutesPerMonth')).toBe(Math.ceil(result.duration));
    const messages = await messagesOf(user, conversationId);
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Go forward ten meters.'],
    ]);
  }, 120_000);
});
