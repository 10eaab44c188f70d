import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking the OpenAI chat-completions wire format (POST /v1/chat/completions,
 * `stream: true` → `text/event-stream` of `data: {chat.completion.chunk}` lines, then
 * `data: [DONE]`), so the real adapter and the `openai` SDK are tested end to end.
 * Each request takes the next scripted behaviour; when the script runs out, `fallback` answers.
 */
export type FakeReply =
  /** Streams these chunks, `delayMs` apart, then [DONE]. */
  | { kind: 'stream'; chunks: string[]; delayMs?: number }
  /** Answers this HTTP error before any chunk (an OpenAI error body). */
  | { kind: 'error'; status: number; message?: string; retryAfterSeconds?: number }
  /** Streams these chunks, then destroys the socket without [DONE]. */
  | { kind: 'drop'; chunks: string[]; delayMs?: number }
  /** Accepts the request and never answers (a stalled upstream). */
  | { kind: 'hang' };

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
  close(): Promise<void>;
}

function chunkLine(id: string, model: string, delta: Record<string, unknown>, finish: string | null): string {
  return `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAi(): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: FakeRequestRecord[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const state = {
    fallback: { kind: 'stream', chunks: ['Hello', ' from', ' the', ' fake', ' model.'] } as FakeReply,
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
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
            type: reply.status === 429 ? 'rate_limit_exceeded' : 'server_error',
            code: null,
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
    res.write(chunkLine(id, model, { role: 'assistant', content: '' }, null));
    for (const chunk of reply.chunks) {
      if (reply.delayMs) await sleep(reply.delayMs);
      if (res.destroyed) return;
      res.write(chunkLine(id, model, { content: chunk }, null));
    }
    if (reply.kind === 'drop') {
      res.socket?.destroy();
      return;
    }
    res.write(chunkLine(id, model, {}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    get fallback() {
      return state.fallback;
    },
    set fallback(reply: FakeReply) {
      state.fallback = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
