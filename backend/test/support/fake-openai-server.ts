import type { IncomingMessage, ServerResponse } from 'node:http';
import Busboy from 'busboy';
import { startLoopbackServer } from './loopback-server';

/**
 * A loopback server speaking the OpenAI chat-completions wire format (POST /v1/chat/completions,
 * `stream: true` → `text/event-stream` of `data: {chat.completion.chunk}` lines, then
 * `data: [DONE]`), so the real adapter and the `openai` SDK are tested end to end.
 * Each request takes the next scripted behaviour; when the script runs out, `fallback` answers.
 */
export type FakeReply =
  /**
   * Streams these chunks, `delayMs` apart, then [DONE], in the shape of one provider (`flavor`,
   * default 'openai'). `omitDone`: the body ends cleanly after the chunks, with neither a
   * finish_reason nor [DONE] (a proxy that cut the stream).
   */
  | { kind: 'stream'; chunks: string[]; delayMs?: number; flavor?: FakeFlavor; omitDone?: boolean }
  /** Answers this HTTP error before any chunk (an OpenAI error body). */
  | { kind: 'error'; status: number; message?: string; retryAfterSeconds?: number }
  /** Streams these chunks, then destroys the socket without [DONE]. */
  | { kind: 'drop'; chunks: string[]; delayMs?: number }
  /** Accepts the request and never answers (a stalled upstream). */
  | { kind: 'hang' }
  /** Streams these chunks, then goes silent with the connection open (a model stuck mid-reply). */
  | { kind: 'stall'; chunks: string[]; delayMs?: number };

/**
 * How the OpenAI-compatible servers Kasa supports shape their stream (as observed on their
 * /v1/chat/completions with stream: true):
 * - openai: role + empty content first, content-only deltas, an empty delta with finish_reason.
 * - ollama: `role` in every delta, the last delta has empty content and finish_reason 'stop'.
 * - llamacpp: first delta `{role, content: null}`, final `delta: {}` with finish_reason, then a
 *   chunk with `choices: []` (timings / usage).
 * - vllm: like openai, but the final delta carries `content: ''` with finish_reason.
 * - openrouter: `: OPENROUTER PROCESSING` SSE comment lines before (and between) chunks, role in
 *   every delta, a usage chunk with `choices: []` before [DONE].
 * - minimal: content-only deltas, no role, no finish_reason at all; only [DONE] ends it.
 */
export type FakeFlavor = 'openai' | 'ollama' | 'llamacpp' | 'vllm' | 'openrouter' | 'minimal';

export interface FakeRequestRecord {
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
  authorization?: string;
  /** Set when the client went away before the reply ended (the adapter aborted upstream). */
  abortedByClient: boolean;
}

export interface FakeOpenAiServer {
  /** e.g. http://127.0.0.1:PORT/v1 — what OPENAI_BASE_URL is set to. */
  baseUrl: string;
  requests: FakeRequestRecord[];
  /** Replies for the next requests, in order. */
  script(...replies: FakeReply[]): void;
  fallback: FakeReply;
  /**
   * POST /v1/audio/transcriptions (verbose_json): the text fields of each request (model,
   * language...), oldest first, with the audio's size in `audioBytes`.
   */
  transcriptions: Array<Record<string, string>>;
  /** What /audio/transcriptions answers: this text, and the language sent (else `language`). */
  transcript: { text: string; language: string };
  close(): Promise<void>;
}

/** A multipart request's text fields, and how many bytes its file had. */
function readMultipart(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let audioBytes = 0;
    const parser = Busboy({ headers: req.headers });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (_name, stream) => stream.on('data', (chunk: Buffer) => (audioBytes += chunk.length)));
    parser.on('close', () => resolve({ ...fields, audioBytes: String(audioBytes) }));
    parser.on('error', reject);
    req.pipe(parser);
  });
}

function chunkLine(
  id: string,
  model: string,
  delta: Record<string, unknown> | null,
  finish: string | null | undefined,
): string {
  const choice: Record<string, unknown> = { index: 0, delta };
  if (finish !== undefined) choice.finish_reason = finish;
  return `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: delta === null ? [] : [choice],
  })}\n\n`;
}

/** The SSE lines a provider flavour sends before, for and after the content chunks. */
const FLAVORS: Record<
  FakeFlavor,
  {
    opening: (id: string, model: string) => string;
    content: (id: string, model: string, text: string) => string;
    closing: (id: string, model: string) => string;
  }
> = {
  openai: {
    opening: (id, model) => chunkLine(id, model, { role: 'assistant', content: '', refusal: null }, null),
    content: (id, model, text) => chunkLine(id, model, { content: text }, null),
    closing: (id, model) => chunkLine(id, model, {}, 'stop'),
  },
  ollama: {
    opening: () => '',
    content: (id, model, text) => chunkLine(id, model, { role: 'assistant', content: text }, null),
    closing: (id, model) => chunkLine(id, model, { role: 'assistant', content: '' }, 'stop'),
  },
  llamacpp: {
    opening: (id, model) => chunkLine(id, model, { role: 'assistant', content: null }, null),
    content: (id, model, text) => chunkLine(id, model, { content: text }, null),
    closing: (id, model) => chunkLine(id, model, {}, 'stop') + chunkLine(id, model, null, undefined),
  },
  vllm: {
    opening: (id, model) => chunkLine(id, model, { role: 'assistant', content: '' }, null),
    content: (id, model, text) => chunkLine(id, model, { content: text }, null),
    closing: (id, model) => chunkLine(id, model, { content: '' }, 'stop'),
  },
  openrouter: {
    opening: () => ': OPENROUTER PROCESSING\n\n: OPENROUTER PROCESSING\n\n',
    content: (id, model, text) =>
      `: OPENROUTER PROCESSING\n\n${chunkLine(id, model, { role: 'assistant', content: text }, null)}`,
    closing: (id, model) =>
      chunkLine(id, model, { role: 'assistant', content: '' }, 'stop') +
      chunkLine(id, model, null, undefined),
  },
  minimal: {
    opening: () => '',
    content: (id, model, text) => chunkLine(id, model, { content: text }, undefined),
    closing: () => '',
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAi(): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: FakeRequestRecord[] = [];

  const state = {
    fallback: { kind: 'stream', chunks: ['Hello', ' from', ' the', ' fake', ' model.'] } as FakeReply,
  };

  const transcriptions: Array<Record<string, string>> = [];
  const transcript = { text: ' Go forward ten meters. ', language: 'english' };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'POST' && req.url?.endsWith('/audio/transcriptions')) {
      const fields = await readMultipart(req);
      transcriptions.push(fields);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          task: 'transcribe',
          language: fields.language ?? transcript.language,
          duration: 1,
          text: transcript.text,
        }),
      );
      return;
    }
    let raw = '';
    for await (const part of req) raw += part;
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `Unknown route ${req.method} ${req.url}`, type: 'invalid_request_error' },
        }),
      );
      return;
    }
    const record: FakeRequestRecord = {
      body: JSON.parse(raw || '{}'),
      authorization: req.headers.authorization,
      abortedByClient: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.abortedByClient = true;
    });

    const reply = queue.shift() ?? state.fallback;
    const model = String(record.body.model ?? 'fake-model');
    const id = `chatcmpl-${requests.length}`;

    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (reply.retryAfterSeconds !== undefined) headers['retry-after'] = String(reply.retryAfterSeconds);
      res.writeHead(reply.status, headers);
      res.end(
        JSON.stringify({
          error: {
            message: reply.message ?? `Fake upstream error ${reply.status}`,
            type:
              reply.status === 429
                ? 'requests'
                : reply.status >= 500
                  ? 'server_error'
                  : 'invalid_request_error',
            code:
              reply.status === 401
                ? 'invalid_api_key'
                : reply.status === 404
                  ? 'model_not_found'
                  : reply.status === 429
                    ? 'rate_limit_exceeded'
                    : null,
            param: null,
          },
        }),
      );
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    const flavor = FLAVORS[(reply.kind === 'stream' && reply.flavor) || 'openai'];
    res.write(flavor.opening(id, model));
    for (const chunk of reply.chunks) {
      if (reply.delayMs) await sleep(reply.delayMs);
      if (res.destroyed) return;
      res.write(flavor.content(id, model, chunk));
    }
    if (reply.kind === 'stall') return;
    if (reply.kind === 'drop') {
      // Let the chunks reach the client first (destroy() discards unflushed writes, which would
      // turn this into a failure before the first chunk), then cut the connection: no [DONE].
      await new Promise<void>((resolve) => res.write(': flush\n\n', () => resolve()));
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if (reply.kind === 'stream' && reply.omitDone) {
      res.end();
      return;
    }
    res.end(`${flavor.closing(id, model)}data: [DONE]\n\n`);
  }

  const server = await startLoopbackServer(handle);

  return {
    baseUrl: `${server.origin}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    transcriptions,
    transcript,
    get fallback() {
      return state.fallback;
    },
    set fallback(reply: FakeReply) {
      state.fallback = reply;
    },
    close: server.close,
  };
}
