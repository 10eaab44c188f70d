import { Logger } from '@nestjs/common';
import type { AiConfig } from '../../config';
import { ChatModelError, type ChatModelRequest } from '../chat-model.port';
import { OpenAiChatModel } from './openai-chat.model';

const config: AiConfig = {
  chatEngine: 'openai-compatible',
  openaiApiKey: 'sk-test',
  openaiBaseUrl: 'http://provider.test/v1',
  chatModel: 'llama3.2:3b',
  requestTimeoutMs: 2_000,
  maxRetries: 0,
  chatHistoryTokenBudget: 3_000,
};

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** A provider answering every request with `answer`, recording the model each one asked for. */
function providerAnswering(answer: () => Response) {
  const models: string[] = [];
  const fetch = (async (_url: unknown, init?: RequestInit) => {
    models.push((JSON.parse(String(init?.body)) as { model: string }).model);
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, models };
}

const streamed = () =>
  new Response(`${chunk('Plant')}${chunk(' in March.')}data: [DONE]\n\n`, {
    headers: { 'Content-Type': 'text/event-stream' },
  });
const modelNotFound = () =>
  new Response(JSON.stringify({ error: { message: 'model not found, try pulling it first' } }), {
    status: 404,
    headers: { 'Content-Type': 'application/json' },
  });

const request = (model?: string): ChatModelRequest => ({
  messages: [{ role: 'user', content: 'When do I plant maize?' }],
  userId: 'user-1',
  signal: new AbortController().signal,
  ...(model === undefined ? {} : { model }),
});

async function readAll(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const part of stream) text += part;
  return text;
}

describe('OpenAiChatModel: the model of a request', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('sends the configured model when the request names none', async () => {
    const provider = providerAnswering(streamed);
    const model = new OpenAiChatModel(config, { fetch: provider.fetch });
    await expect(readAll(model.stream(request()))).resolves.toBe('Plant in March.');
    expect(provider.models).toEqual(['llama3.2:3b']);
    expect(model.model).toBe('llama3.2:3b');
  });

  it("sends the request's own model (a conversation's choice)", async () => {
    const provider = providerAnswering(streamed);
    const model = new OpenAiChatModel(config, { fetch: provider.fetch });
    await expect(readAll(model.stream(request('qwen2.5:14b')))).resolves.toBe('Plant in March.');
    expect(provider.models).toEqual(['qwen2.5:14b']);
  });

  it('names the model the request went to, and CHAT_MODEL, to the log when the provider does not know it', async () => {
    const provider = providerAnswering(modelNotFound);
    const model = new OpenAiChatModel(config, { fetch: provider.fetch });
    const failure = await readAll(model.stream(request('qwen2.5:14b'))).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChatModelError);
    expect(failure).toMatchObject({ code: 'AI_MODEL_UNKNOWN', configure: 'CHAT_MODEL' });
    // Users read a plain sentence: neither the model nor the setting.
    expect((failure as Error).message).not.toMatch(/qwen2\.5|CHAT_MODEL/);
    expect(Logger.prototype.error).toHaveBeenCalledWith(expect.stringContaining('model qwen2.5:14b at'));
    expect(Logger.prototype.error).toHaveBeenCalledWith(
      expect.stringContaining('the administrator should check CHAT_MODEL'),
    );
  });
});
