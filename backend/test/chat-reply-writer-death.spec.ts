import { request as httpRequest } from 'node:http';
import type { AuthResponse, ChatStreamEvent } from '@kasa/contracts';
import { chatReplyStreamPath } from '@kasa/contracts';
import { REPLY_INTERRUPTED } from '../src/chat/generation/chat-generation.service';
import { eventually, sql } from './chat-support';
import { registerUser } from './support/accounts';
import { type ApiProcess, startApiProcess } from './support/api-process';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestEnvironment, type QueueBackend, type TestEnvironment } from './support/test-app';
import { MANY_SIGN_UPS, usedIn } from './support/usage-support';
import { usagePeriodOf } from '../src/usage/usage-period';

interface SseEvent {
  id: number | null;
  event: ChatStreamEvent;
  at: number;
}

interface SseStream {
  events: SseEvent[];
  waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs: number): Promise<void>;
  ended: Promise<SseEvent[]>;
}

/** An SSE request over a real socket: each event with its `id:` and the time it came. */
function openSse(
  baseUrl: string,
  path: string,
  token: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      `${baseUrl}${path}`,
      {
        method: options.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          ...(payload
            ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        let endResolve!: (events: SseEvent[]) => void;
        const checks = new Set<() => void>();
        const stream: SseStream = {
          events: [],
          waitFor: (predicate, timeoutMs) =>
            new Promise((resolveWait, rejectWait) => {
              if (predicate(stream.events)) return resolveWait();
              const timer = setTimeout(() => {
                checks.delete(check);
                rejectWait(
                  new Error(`Not seen in ${timeoutMs} ms: ${JSON.stringify(stream.events.slice(-3))}`),
                );
              }, timeoutMs);
              const check = () => {
                if (!predicate(stream.events)) return;
                clearTimeout(timer);
                checks.delete(check);
                resolveWait();
              };
              checks.add(check);
            }),
          ended: new Promise((resolveEnd) => (endResolve = resolveEnd)),
        };
        response.on('data', (text: string) => {
          buffer += text;
          let index: number;
          while ((index = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            let id: number | null = null;
            let data: string | null = null;
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) id = Number(line.slice(4));
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (data === null) continue;
            stream.events.push({ id, event: JSON.parse(data) as ChatStreamEvent, at: Date.now() });
            for (const check of [...checks]) check();
          }
        });
        const end = () => {
          endResolve(stream.events);
          for (const check of [...checks]) check();
        };
        response.on('end', end);
        response.on('close', end);
        response.on('error', end);
        resolve(stream);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const textOf = (events: SseEvent[]) => events.map(({ event }) => event.content ?? '').join('');
const contentCount = (events: SseEvent[]) => events.filter(({ event }) => event.content !== undefined).length;
const isFinal = ({ event }: SseEvent) => Boolean(event.done || event.error);

/**
 * The instance writing a reply dies (kill -9) while another instance serves a resumed reader: the
 * other instances see its lease on the reply lapse within seconds, save what was published on the
 * reply bus and end the reply with an interruption (and a Retry), instead of leaving the reader in
 * silence for two minutes and saving less than it showed.
 */
describe.each<QueueBackend>(['redis', 'postgres'])('a reply whose writer is killed (%s bus)', (backend) => {
  let fake: FakeOpenAiServer;
  let environment: TestEnvironment;
  let writer: ApiProcess;
  let reader: ApiProcess;
  let owner: AuthResponse;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    environment = await createTestEnvironment(`writerdeath_${backend}`, {
      queue: backend,
      env: {
        ...MANY_SIGN_UPS,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
        AI_TIMEOUT_MS: '60000',
      },
    });
    // One after the other: the first runs the migrations on the fresh database.
    writer = await startApiProcess(environment.config);
    reader = await startApiProcess(environment.config);
    owner = await registerUser(writer.baseUrl, { prefix: 'writerdeath' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([writer?.stop(), reader?.stop()]);
    await fake?.close();
    await environment?.dispose();
  }, 60_000);

  it('a reader resumed on another instance gets the end within seconds; the saved text has all it was shown', async () => {
    // A slow model: 40 s of text, far more than the test lets it write.
    fake.script({ kind: 'stream', chunks: Array.from({ length: 400 }, (_, i) => `w${i} `), delayMs: 100 });
    const sent = await openSse(writer.baseUrl, '/api/chat', owner.token, {
      method: 'POST',
      body: { message: 'Tell me a long story' },
    });
    await sent.waitFor((events) => contentCount(events) >= 5, 15_000);
    const ids = sent.events[0].event;
    const resumed = await openSse(reader.baseUrl, chatReplyStreamPath(ids.assistantMessageId!), owner.token);
    // The reader follows the live reply (replay, then chunks as they are published).
    const followedFrom = () => textOf(resumed.events).length;
    await resumed.waitFor((events) => contentCount(events) >= 2, 15_000);
    const before = followedFrom();
    await resumed.waitFor(() => followedFrom() > before, 15_000);

    writer.child.kill('SIGKILL');
    const killedAt = Date.now();
    const shownByReaderAtKill = textOf(resumed.events);
    const shownBySender = textOf(sent.events);

    await resumed.waitFor((events) => events.some(isFinal), 30_000);
    const finalEvent = resumed.events.find(isFinal)!;
    const events = await resumed.ended;
    // Seconds, not the two minutes of the old sweep (the bound is far from the expected ~6-10 s).
    expect(finalEvent.at - killedAt).toBeLessThan(20_000);
    // Never more than ~10 s without an event while it waited (keep-alive comments are not events).
    const times = [killedAt, ...events.filter((e) => e.at >= killedAt).map((e) => e.at)];
    const longestSilence = Math.max(...times.slice(1).map((t, i) => t - times[i]));
    expect(longestSilence).toBeLessThan(15_000);
    expect(finalEvent.event).toEqual({
      error: REPLY_INTERRUPTED.message,
      code: REPLY_INTERRUPTED.code,
      conversationId: ids.conversationId,
    });

    const [saved] = await sql<{ status: string; content: string; error_code: string | null }>(
      environment.databaseUrl,
      `SELECT status, content, error_code FROM chat_messages WHERE id = $1`,
      [ids.assistantMessageId],
    );
    expect(saved.status).toBe('failed');
    expect(saved.error_code).toBe(REPLY_INTERRUPTED.code);
    // Everything published before the kill is saved, and the reader's text is exactly the saved text.
    expect(saved.content.startsWith(shownByReaderAtKill)).toBe(true);
    expect(textOf(events)).toBe(saved.content);
    // Nothing the writer did not write: the saved text is a prefix of the model's text.
    const modelText = Array.from({ length: 400 }, (_, i) => `w${i} `).join('');
    expect(modelText.startsWith(saved.content)).toBe(true);
    expect(saved.content.length).toBeGreaterThan(0);
    // At most the chunks of one flush window are missing from what the sender saw.
    expect(shownBySender.startsWith(saved.content) || saved.content.startsWith(shownBySender)).toBe(true);

    // An interrupted reply gives its message back, once.
    const used = () =>
      usedIn(environment.databaseUrl, owner.user.id, 'messagesPerMonth', usagePeriodOf(new Date()));
    await eventually(async () => ((await used()) === 0 ? true : undefined));

    // The conversation reads the same on the surviving instance, and a resume now ends at once.
    const again = await openSse(reader.baseUrl, chatReplyStreamPath(ids.assistantMessageId!), owner.token);
    const replay = await again.ended;
    expect(textOf(replay)).toBe(saved.content);
    expect(replay.at(-1)!.event).toMatchObject({ code: REPLY_INTERRUPTED.code });
  }, 90_000);
});
