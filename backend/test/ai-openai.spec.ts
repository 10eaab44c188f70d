import { Logger } from '@nestjs/common';
import type { AiConfig } from '../src/config';
import { type ChatModelError, type ChatModelRequest } from '../src/ai/chat-model.port';
import { OpenAiChatModel, type OpenAiChatModelOptions } from '../src/ai/openai/openai-chat.model';
import { type FakeFlavor, type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';

/**
 * The OpenAI-compatible adapter end to end: the real adapter and the real `openai` SDK against a
 * loopback server speaking the chat-completions SSE wire format.
 */

const API_KEY = 'sk-test-0123456789abcdef';

function aiConfig(baseUrl: string, overrides: Partial<AiConfig> = {}): AiConfig {
  return {
    chatEngine: 'openai-compatible',
    openaiApiKey: API_KEY,
    openaiBaseUrl: baseUrl,
    chatModel: 'test-model',
    requestTimeoutMs: 2_000,
    maxRetries: 2,
    chatHistoryTokenBudget: 3_000,
    ...overrides,
  };
}

const fastRetries: OpenAiChatModelOptions = { baseDelayMs: 5, maxDelayMs: 20, retryAfterCapMs: 3_000 };

function chatRequest(signal: AbortSignal = new AbortController().signal): ChatModelRequest {
  return {
    messages: [
      { role: 'system', content: 'You are Kasa.' },
      { role: 'user', content: 'Hello?' },
    ],
    userId: 'user-1',
    signal,
  };
}

/** Runs the stream to its end: the chunks received, and the error it ended with (if any). */
async function collect(
  stream: AsyncIterable<string>,
): Promise<{ chunks: string[]; error?: ChatModelError; elapsedMs: number }> {
  const started = Date.now();
  const chunks: string[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks, elapsedMs: Date.now() - started };
  } catch (error) {
    return { chunks, error: error as ChatModelError, elapsedMs: Date.now() - started };
  }
}

const waitFor = async (condition: () => boolean, timeoutMs = 2_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('OpenAI-compatible chat adapter (against a loopback chat-completions server)', () => {
  let fake: FakeOpenAiServer;
  const logged: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // The adapter logs provider failures through Nest's Logger: keep what it writes.
    const keep = (message: unknown) => void logged.push(String(message));
    Logger.overrideLogger({ log: keep, warn: keep, error: keep, debug: () => {}, verbose: () => {} });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    logged.length = 0;
  });

  it('streams the chunks in order and sends model, stream: true, the messages and the bearer key', async () => {
    fake.script({ kind: 'stream', chunks: ['Maize ', 'needs ', 'rain', '.'], delayMs: 5 });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(error).toBeUndefined();
    expect(chunks).toEqual(['Maize ', 'needs ', 'rain', '.']);
    expect(chunks.join('')).toBe('Maize needs rain.');
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent.body.model).toBe('test-model');
    expect(sent.body.stream).toBe(true);
    expect(sent.body.messages).toEqual([
      { role: 'system', content: 'You are Kasa.' },
      { role: 'user', content: 'Hello?' },
    ]);
    expect(sent.authorization).toBe(`Bearer ${API_KEY}`);
    expect(model.engine).toBe('openai-compatible');
    expect(model.model).toBe('test-model');
  });

  it('sends a placeholder key to keyless local servers (Ollama, llama.cpp)', async () => {
    fake.script({ kind: 'stream', chunks: ['ok'] });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl, { openaiApiKey: undefined }), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(error).toBeUndefined();
    expect(chunks).toEqual(['ok']);
    expect(fake.requests[0].authorization).toMatch(/^Bearer \S+/);
  });

  it.each<FakeFlavor>(['openai', 'ollama', 'llamacpp', 'vllm', 'openrouter', 'minimal'])(
    'reads the %s stream shape (role-only, null and empty deltas, comments, usage chunks)',
    async (flavor) => {
      fake.script({ kind: 'stream', chunks: ['Plant ', 'after ', 'the first rains.'], flavor });
      const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
      const { chunks, error } = await collect(model.stream(chatRequest()));
      expect(error).toBeUndefined();
      expect(chunks).toEqual(['Plant ', 'after ', 'the first rains.']);
      expect(fake.requests).toHaveLength(1);
    },
  );

  it('retries a 429 before the first chunk: one reply, two requests', async () => {
    fake.script({ kind: 'error', status: 429 }, { kind: 'stream', chunks: ['after ', 'the wait'] });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(error).toBeUndefined();
    expect(chunks.join('')).toBe('after the wait');
    expect(fake.requests).toHaveLength(2);
  });

  it('honours Retry-After before retrying', async () => {
    fake.script({ kind: 'error', status: 429, retryAfterSeconds: 1 }, { kind: 'stream', chunks: ['ok'] });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { chunks, error, elapsedMs } = await collect(model.stream(chatRequest()));
    expect(error).toBeUndefined();
    expect(chunks).toEqual(['ok']);
    expect(fake.requests).toHaveLength(2);
    expect(elapsedMs).toBeGreaterThanOrEqual(950);
  });

  it('does not wait for a Retry-After beyond the cap: busy at once, one request', async () => {
    fake.script({ kind: 'error', status: 429, retryAfterSeconds: 3_600 });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { chunks, error, elapsedMs } = await collect(model.stream(chatRequest()));
    expect(chunks).toEqual([]);
    expect(error?.kind).toBe('rate_limited');
    expect(error?.code).toBe('AI_BUSY');
    expect(error?.status).toBe(429);
    expect(error?.message).toBe('The AI service is busy right now. Please try again in a minute.');
    expect(fake.requests).toHaveLength(1);
    expect(elapsedMs).toBeLessThan(1_000);
  });

  it('retries 500, 500 then succeeds (maxRetries 2)', async () => {
    fake.script(
      { kind: 'error', status: 500 },
      { kind: 'error', status: 503 },
      { kind: 'stream', chunks: ['fine'] },
    );
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl, { maxRetries: 2 }), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(error).toBeUndefined();
    expect(chunks).toEqual(['fine']);
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after maxRetries + 1 server errors with "unavailable"', async () => {
    fake.script(
      { kind: 'error', status: 500 },
      { kind: 'error', status: 502 },
      { kind: 'error', status: 500 },
    ); // a fourth request would get the fallback reply and succeed
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl, { maxRetries: 2 }), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(chunks).toEqual([]);
    expect(error?.name).toBe('ChatModelError');
    expect(error?.kind).toBe('unavailable');
    expect(error?.message).toBe('The AI service could not be reached.');
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up on rate limits after maxRetries + 1 answers with "rate_limited"', async () => {
    fake.script({ kind: 'error', status: 429 }, { kind: 'error', status: 429 });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl, { maxRetries: 1 }), fastRetries);
    const { error } = await collect(model.stream(chatRequest()));
    expect(error?.kind).toBe('rate_limited');
    expect(fake.requests).toHaveLength(2);
  });

  it('401: "unauthorized" at once, no retry, and the key is not in the logs', async () => {
    fake.script({ kind: 'error', status: 401, message: `Incorrect API key provided: ${API_KEY}.` });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(chunks).toEqual([]);
    expect(error?.kind).toBe('unauthorized');
    expect(error?.code).toBe('AI_AUTH_FAILED');
    expect(error?.status).toBe(401);
    expect(error?.message).toBe(
      'The AI service is not set up correctly on this server. Please tell the administrator.',
    );
    expect(fake.requests).toHaveLength(1);
    expect(logged.join('\n')).toContain('Incorrect API key provided');
    // The setting to check goes to the operator's log, never to the user's message.
    expect(logged.join('\n')).toContain('the administrator should check OPENAI_API_KEY');
    expect(logged.join('\n')).not.toContain(API_KEY);
    expect(logged.join('\n')).not.toContain('0123456789abcdef');
  });

  it('404 (unknown model): "bad_request", CHAT_MODEL named to the log only, no retry', async () => {
    fake.script({
      kind: 'error',
      status: 404,
      message: 'model "test-model" not found, try pulling it first',
    });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { error } = await collect(model.stream(chatRequest()));
    expect(error?.kind).toBe('bad_request');
    expect(error?.code).toBe('AI_MODEL_UNKNOWN');
    expect(error?.message).toBe(
      'The AI service is not set up correctly on this server. Please tell the administrator.',
    );
    expect(error?.configure).toBe('CHAT_MODEL');
    expect(logged.join('\n')).toContain('the administrator should check CHAT_MODEL');
    expect(fake.requests).toHaveLength(1);
  });

  it('400 about the model (OpenRouter): "bad_request", AI_MODEL_UNKNOWN', async () => {
    fake.script({ kind: 'error', status: 400, message: 'test-model is not a valid model ID' });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { error } = await collect(model.stream(chatRequest()));
    expect(error?.kind).toBe('bad_request');
    expect(error).toMatchObject({ code: 'AI_MODEL_UNKNOWN', configure: 'CHAT_MODEL' });
    expect(fake.requests).toHaveLength(1);
  });

  it('a drop after two chunks: the two chunks, then an error, and no second request', async () => {
    // A retry would get the fallback reply and append a second, different text.
    fake.script({ kind: 'drop', chunks: ['First ', 'part '] });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(chunks).toEqual(['First ', 'part ']);
    expect(error?.name).toBe('ChatModelError');
    expect(error?.kind).toBe('unavailable');
    expect(error?.code).toBe('AI_STOPPED_MID_REPLY');
    expect(fake.requests).toHaveLength(1);
  });

  it('a stream closed cleanly without [DONE] after text is an error, not a complete reply', async () => {
    fake.script({ kind: 'stream', chunks: ['Cut ', 'short'], omitDone: true });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(chunks).toEqual(['Cut ', 'short']);
    expect(error?.kind).toBe('unavailable');
    expect(error?.code).toBe('AI_STOPPED_MID_REPLY');
    expect(fake.requests).toHaveLength(1);
  });

  it('a drop before any text is retried', async () => {
    fake.script({ kind: 'drop', chunks: [] }, { kind: 'stream', chunks: ['second try'] });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(error).toBeUndefined();
    expect(chunks).toEqual(['second try']);
    expect(fake.requests).toHaveLength(2);
  });

  it('a connection refused is retried, then "unavailable"', async () => {
    const gone = await startFakeOpenAi();
    const url = gone.baseUrl;
    await gone.close();
    const model = new OpenAiChatModel(aiConfig(url, { maxRetries: 1 }), fastRetries);
    const { error } = await collect(model.stream(chatRequest()));
    expect(error?.kind).toBe('unavailable');
    expect(error?.code).toBe('AI_UNAVAILABLE');
    expect(error?.message).toBe('The AI service could not be reached.');
    expect(logged.filter((line) => line.includes('retrying'))).toHaveLength(1);
  });

  it('a hanging server: "timeout" within the configured time, and the request is abandoned', async () => {
    fake.script({ kind: 'hang' });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl, { requestTimeoutMs: 300 }), fastRetries);
    const { chunks, error, elapsedMs } = await collect(model.stream(chatRequest()));
    expect(chunks).toEqual([]);
    expect(error?.kind).toBe('timeout');
    expect(error?.code).toBe('AI_TIMEOUT');
    expect(error?.message).toBe('The AI service did not answer in time.');
    expect(elapsedMs).toBeGreaterThanOrEqual(280);
    expect(elapsedMs).toBeLessThan(1_500);
    expect(fake.requests).toHaveLength(1);
    await waitFor(() => fake.requests[0].abortedByClient);
  });

  it('a slow first chunk: "timeout", no retry', async () => {
    fake.script({ kind: 'stream', chunks: ['too ', 'slow'], delayMs: 700 });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl, { requestTimeoutMs: 400 }), fastRetries);
    const { chunks, error } = await collect(model.stream(chatRequest()));
    expect(chunks).toEqual([]);
    expect(error?.kind).toBe('timeout');
    expect(fake.requests).toHaveLength(1);
  });

  it('a stall between chunks: the chunks so far, then "timeout" naming the cut reply, no retry', async () => {
    fake.script({ kind: 'stall', chunks: ['Half ', 'an answer'], delayMs: 50 });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl, { requestTimeoutMs: 400 }), fastRetries);
    const { chunks, error, elapsedMs } = await collect(model.stream(chatRequest()));
    expect(chunks).toEqual(['Half ', 'an answer']);
    expect(error?.kind).toBe('timeout');
    expect(error?.code).toBe('AI_STOPPED_MID_REPLY');
    expect(error?.message).toBe('The AI service stopped in the middle of the reply. Please try again.');
    expect(elapsedMs).toBeLessThan(1_500);
    expect(fake.requests).toHaveLength(1);
    await waitFor(() => fake.requests[0].abortedByClient);
  });

  it('aborting the signal mid-stream ends the iteration quietly and closes the upstream request', async () => {
    fake.script({ kind: 'stream', chunks: ['one ', 'two ', 'three ', 'four ', 'five '], delayMs: 150 });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const controller = new AbortController();
    const chunks: string[] = [];
    for await (const chunk of model.stream(chatRequest(controller.signal))) {
      chunks.push(chunk);
      if (chunks.length === 2) controller.abort();
    }
    expect(chunks).toEqual(['one ', 'two ']);
    await waitFor(() => fake.requests[0]?.abortedByClient === true);
    expect(fake.requests).toHaveLength(1);
  });

  it('aborting while waiting for the first chunk ends quietly too', async () => {
    fake.script({ kind: 'hang' });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { chunks, error, elapsedMs } = await collect(model.stream(chatRequest(controller.signal)));
    expect(chunks).toEqual([]);
    expect(error).toBeUndefined();
    expect(elapsedMs).toBeLessThan(1_000);
    await waitFor(() => fake.requests[0]?.abortedByClient === true);
  });

  it('aborting during a retry wait ends quietly without another request', async () => {
    fake.script({ kind: 'error', status: 429, retryAfterSeconds: 2 });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const { chunks, error, elapsedMs } = await collect(model.stream(chatRequest(controller.signal)));
    expect(chunks).toEqual([]);
    expect(error).toBeUndefined();
    expect(elapsedMs).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(fake.requests).toHaveLength(1);
  });

  it('breaking out of the loop closes the upstream request', async () => {
    fake.script({ kind: 'stream', chunks: ['a ', 'b ', 'c ', 'd '], delayMs: 100 });
    const model = new OpenAiChatModel(aiConfig(fake.baseUrl), fastRetries);
    for await (const chunk of model.stream(chatRequest())) {
      expect(chunk).toBe('a ');
      break;
    }
    await waitFor(() => fake.requests[0]?.abortedByClient === true);
  });
});
