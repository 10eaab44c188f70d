import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { AuthResponse, ChatMessage, ChatModelsResponse } from '@kasa/contracts';
import { LocalChatModel, LocalModelLoadError } from '../src/ai/local/local-chat.model';
import { loadConfig, type LocalModelConfig } from '../src/config';
import { eventually, listen, openChatStream, streamedText } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { writeTinyGguf } from './support/tiny-gguf';

/**
 * A GGUF model run in-process (LOCAL_MODEL_PATH, node-llama-cpp in the model host child process):
 * a tiny random-weight model the test writes itself, so loading, streaming, Stop, the line of
 * waiting replies and the load errors run for real with nothing downloaded.
 */
describe('chat with a local GGUF model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kasa-local-model-'));
  const modelPath = join(dir, 'kasa-tiny.gguf');
  writeTinyGguf(modelPath);
  let ctx: TestApp;
  let baseUrl: string;
  const http = () => request(ctx.app.getHttpServer());

  beforeAll(async () => {
    ctx = await createTestApp('chatlocal', {
      env: {
        LOCAL_MODEL_PATH: modelPath,
        LOCAL_MODEL_THREADS: '1',
        // The test model spells most words byte by byte: the system prompt alone takes thousands of tokens.
        LOCAL_MODEL_CONTEXT: '8192',
        LOCAL_MODEL_MAX_TOKENS: '3000',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    baseUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = (who: AuthResponse, message: string) => openChatStream(baseUrl, who.token, { message });

  async function messages(who: AuthResponse, conversationId: string): Promise<ChatMessage[]> {
    return (await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(who)).expect(200))
      .body as ChatMessage[];
  }

  it('is the chat engine, named by its file, with no offline notice', async () => {
    expect(ctx.config.ai.chatEngine).toBe('local');
    const who = await registerUser(ctx.app, { prefix: 'local' });
    const models = (await http().get('/api/chat/models').set(bearer(who)).expect(200))
      .body as ChatModelsResponse;
    expect(models.defaultModel).toBe('kasa-tiny');
    expect(models.models.map((model) => model.id)).toEqual(['kasa-tiny']);
    expect(models.offline).toBeUndefined();
  });

  it('streams a reply written by the model and saves it under the model’s name', async () => {
    const who = await registerUser(ctx.app, { prefix: 'local' });
    const stream = await ask(who, 'Hello, when do I plant maize?');
    expect(stream.status).toBe(200);
    const events = await stream.ended;
    expect(events.at(-1)).toMatchObject({ done: true });
    expect(events.filter((event) => event.content).length).toBeGreaterThan(1);
    const text = streamedText(events);
    expect(text.length).toBeGreaterThan(0);
    const saved = await messages(who, events[0].conversationId!);
    expect(saved.at(-1)).toMatchObject({
      role: 'assistant',
      status: 'complete',
      content: text,
      model: 'kasa-tiny',
    });
  });

  it('replies wait in line, told how many come before them; Stop frees the model for the next', async () => {
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(() => registerUser(ctx.app, { prefix: 'local' })),
    );
    const writing = await ask(first, 'Tell me everything about beans.');
    const { conversationId } = await writing.waitFor((event) => !!event.conversationId);
    await writing.waitFor((event) => !!event.content);
    const waiting = await ask(second, 'And the rain?');
    // One reply at a time (LOCAL_MODEL_PARALLEL 1): the second waits for the first.
    await waiting.waitFor((event) => event.repliesAhead === 1);
    const last = await ask(third, 'What about cassava?');
    await last.waitFor((event) => event.repliesAhead === 2);
    expect(waiting.events.some((event) => event.content)).toBe(false);

    await http().post(`/api/chat/conversations/${conversationId}/stop`).set(bearer(first)).expect(200);
    const stopped = await writing.ended;
    expect(stopped.at(-1)).toMatchObject({ done: true, stopped: true });
    await waiting.waitFor((event) => !!event.content, 10_000);
    // The third moved up: only the second's reply is before it now.
    await last.waitFor((event) => event.repliesAhead === 1);
    const order = waiting.events.findIndex((event) => event.repliesAhead !== undefined);
    expect(order).toBeLessThan(waiting.events.findIndex((event) => event.content));

    for (const [who, stream] of [
      [second, waiting],
      [third, last],
    ] as const) {
      const { conversationId: id } = await stream.waitFor((event) => !!event.conversationId);
      await http().post(`/api/chat/conversations/${id}/stop`).set(bearer(who)).expect(200);
      expect((await stream.ended).at(-1)).toMatchObject({ done: true });
    }
  });

  it('a model host that dies fails the reply being written, and the next reply starts a new host', async () => {
    const who = await registerUser(ctx.app, { prefix: 'local' });
    const writing = await ask(who, 'Write a long story about a farm.');
    await writing.waitFor((event) => !!event.content);
    const pids = readFileSync('/proc/self/task/' + process.pid + '/children', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const hosts = pids.filter((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('local-model-host'),
    );
    expect(hosts).toHaveLength(1);
    process.kill(hosts[0], 'SIGKILL');
    const events = await writing.ended;
    expect(events.at(-1)).toMatchObject({ code: 'AI_FAILED' });

    const next = await ask(who, 'Hello again');
    await eventually(async () => (next.events.some((event) => event.content) ? true : undefined), 20_000);
    const { conversationId } = await next.waitFor((event) => !!event.conversationId);
    await http().post(`/api/chat/conversations/${conversationId}/stop`).set(bearer(who)).expect(200);
    await next.ended;
  });
});

describe('a model file that cannot be used stops the server with the reason', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kasa-bad-model-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const configFor = (path: string): LocalModelConfig => ({
    path,
    id: 'bad',
    name: 'bad',
    chosenBy: 'LOCAL_MODEL_PATH',
    contextSize: 512,
    threads: 1,
    parallel: 1,
    queueMax: 5,
    maxReplyTokens: 16,
  });

  it('names a missing file and a file that is not GGUF before anything starts', () => {
    const text = join(dir, 'notes.gguf');
    writeFileSync(text, 'hello, this is not a model');
    expect(() => loadConfig({ NODE_ENV: 'test', LOCAL_MODEL_PATH: join(dir, 'missing.gguf') })).toThrow(
      /LOCAL_MODEL_PATH: there is no file at .*missing\.gguf \(a \.gguf model file/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', LOCAL_MODEL_PATH: text })).toThrow(
      /LOCAL_MODEL_PATH: .*notes\.gguf is not a GGUF model file/,
    );
  });

  it('says why a truncated model cannot load (llama.cpp’s reason), and nothing is left running', async () => {
    const whole = join(dir, 'whole.gguf');
    writeTinyGguf(whole);
    const truncated = join(dir, 'truncated.gguf');
    const bytes = readFileSync(whole);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const model = new LocalChatModel(configFor(truncated));
    const failure = await model.start().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(LocalModelLoadError);
    expect(String(failure)).toMatch(
      /truncated\.gguf is not a usable GGUF model: .*not within the file bounds/,
    );
    await model.onModuleDestroy();
  });

  it('with two replies at once, the replies waiting behind them get a free slot when one ends', async () => {
    const path = join(dir, 'parallel.gguf');
    writeTinyGguf(path);
    const model = new LocalChatModel({ ...configFor(path), contextSize: 2048, parallel: 2, maxReplyTokens: 24 });
    await model.start();
    try {
      const replies = await Promise.all(
        ['beans', 'maize', 'cassava', 'rain', 'goats'].map(async (topic) => {
          let text = '';
          for await (const chunk of model.stream({
            messages: [{ role: 'user', content: `Tell me about ${topic}` }],
            userId: 'u',
            signal: new AbortController().signal,
          }))
            text += chunk;
          return text;
        }),
      );
      // Before slots were reused, the waiting ones failed with llama.cpp's "No sequences left".
      expect(replies.every((text) => text.length > 0)).toBe(true);
    } finally {
      await model.onModuleDestroy();
    }
  });
});
