import { request as httpRequest } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import request from 'supertest';
import type { AuthResponse, ChatStreamEvent } from '@kasa/contracts';
import { chatReplyStreamPath } from '@kasa/contracts';
import { createApp } from '../src/app.factory';
import { PostgresReplyBus } from '../src/chat/reply-stream/postgres-reply-bus';
import { REPLY_BUS, type ReplyBus } from '../src/chat/reply-stream/reply-bus.port';
import { eventually, listen, sql } from './chat-support';
import { registerUser } from './support/accounts';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { TEST_REDIS_URL } from './support/test-database';
import { MANY_SIGN_UPS } from './support/usage-support';

interface SseEvent {
  id: number | null;
  event: ChatStreamEvent;
}

interface SseStream {
  status: number;
  events: SseEvent[];
  /** The JSON error body when the answer is not a stream. */
  body: () => unknown;
  waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  ended: Promise<SseEvent[]>;
  abort(): void;
}

/** An SSE request over a real socket, keeping each event's `id:` with its `data:`. */
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
        let raw = '';
        let buffer = '';
        let endResolve!: (events: SseEvent[]) => void;
        const checks: Array<() => void> = [];
        const stream: SseStream = {
          status: response.statusCode ?? 0,
          events: [],
          body: () => JSON.parse(raw) as unknown,
          waitFor: (predicate, timeoutMs = 15_000) =>
            new Promise((resolveWait, rejectWait) => {
              if (predicate(stream.events)) return resolveWait();
              const timer = setTimeout(
                () => rejectWait(new Error(`Not seen in ${timeoutMs} ms: ${JSON.stringify(stream.events)}`)),
                timeoutMs,
              );
              const check = () => {
                if (!predicate(stream.events)) return;
                clearTimeout(timer);
                checks.splice(checks.indexOf(check), 1);
                resolveWait();
              };
              checks.push(check);
            }),
          ended: new Promise((resolveEnd) => (endResolve = resolveEnd)),
          abort: () => {
            req.destroy();
            endResolve(stream.events);
          },
        };
        response.on('data', (text: string) => {
          raw += text;
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
            stream.events.push({ id, event: JSON.parse(data) as ChatStreamEvent });
            for (const check of [...checks]) check();
          }
        });
        response.on('end', () => endResolve(stream.events));
        response.on('close', () => endResolve(stream.events));
        resolve(stream);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const textOf = (events: SseEvent[]) => events.map(({ event }) => event.content ?? '').join('');
const contentCount = (events: SseEvent[]) => events.filter(({ event }) => event.content !== undefined).length;

/** Every id is the text delivered so far (from `start`): what a client resumes from. */
function expectOffsets(events: SseEvent[], start: number): void {
  let offset = start;
  expect(events[0].id).toBe(0);
  for (const { id, event } of events.slice(1)) {
    if (event.content !== undefined) offset += event.content.length;
    expect(id).toBe(offset);
  }
}

/** Chunks with accents and emoji: offsets count UTF-16 units, as EventSource clients do. */
const slowChunks = Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? `😀${i}é ` : `w${i} `));

describe.each<QueueBackend>(['redis', 'postgres'])(
  'resumable chat replies across two instances (%s)',
  (backend) => {
    let fake: FakeOpenAiServer;
    let a: TestApp;
    let b: INestApplication;
    let urlA: string;
    let urlB: string;
    let owner: AuthResponse;

    const savedReply = async (id: string) =>
      (
        await sql<{ status: string; content: string }>(
          a.databaseUrl,
          `SELECT status, content FROM chat_messages WHERE id = $1`,
          [id],
        )
      )[0];

    beforeAll(async () => {
      fake = await startFakeOpenAi();
      a = await createTestApp(`resume_${backend}`, {
        queue: backend,
        env: {
          ...MANY_SIGN_UPS,
          OPENAI_BASE_URL: fake.baseUrl,
          OPENAI_API_KEY: 'test',
          CHAT_MODEL: 'fake-model',
          AI_MAX_RETRIES: '0',
          AI_TIMEOUT_MS: '20000',
        },
      });
      // Instance B: the same configuration (database, Redis namespace, secrets), another process's app.
      b = await createApp(a.config);
      await b.init();
      urlA = await listen(a.app);
      urlB = await listen(b);
      owner = await registerUser(a.app, { prefix: 'resume' });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await fake?.close();
    });
    beforeEach(() => {
      fake.fallback = { kind: 'stream', chunks: ['Short', ' and', ' done.'] };
    });

    it('a reply cut on instance A resumes on instance B from Last-Event-ID: no gap, no repeat, then the final event', async () => {
      expect((a.app.get(REPLY_BUS) as ReplyBus).backend).toBe(backend);
      fake.script({ kind: 'stream', chunks: slowChunks, delayMs: 60 });
      const first = await openSse(urlA, '/api/chat', owner.token, {
        method: 'POST',
        body: { message: 'Tell me a story' },
      });
      expect(first.status).toBe(200);
      await first.waitFor((events) => contentCount(events) >= 4);
      first.abort();
      const seen = first.events;
      expectOffsets(seen, 0);
      const ids = seen[0].event;
      const lastId = seen.at(-1)!.id!;
      expect(lastId).toBe(textOf(seen).length);

      const resumed = await openSse(urlB, chatReplyStreamPath(ids.assistantMessageId!), owner.token, {
        headers: { 'Last-Event-ID': String(lastId) },
      });
      expect(resumed.status).toBe(200);
      const events = await resumed.ended;
      expect(events[0].event).toEqual(ids);
      expectOffsets(events, lastId);
      expect(events.at(-1)!.event).toEqual({ done: true, conversationId: ids.conversationId });
      // B followed the live reply: it got several chunks, not one saved block at the end.
      expect(contentCount(events)).toBeGreaterThan(2);

      const saved = await savedReply(ids.assistantMessageId!);
      expect(saved.status).toBe('complete');
      expect(saved.content).toBe(slowChunks.join(''));
      expect(textOf(seen) + textOf(events)).toBe(saved.content);
      expect(events.at(-1)!.id).toBe(saved.content.length);
    });

    it('a second cut and resume on B again, then one on A (the writer, from memory), all join up exactly', async () => {
      fake.script({ kind: 'stream', chunks: slowChunks, delayMs: 50 });
      const first = await openSse(urlA, '/api/chat', owner.token, {
        method: 'POST',
        body: { message: 'Again' },
      });
      await first.waitFor((events) => contentCount(events) >= 2);
      first.abort();
      const ids = first.events[0].event;
      const path = chatReplyStreamPath(ids.assistantMessageId!);

      const onB = await openSse(urlB, `${path}?lastEventId=${first.events.at(-1)!.id}`, owner.token);
      await onB.waitFor((events) => contentCount(events) >= 3);
      onB.abort();
      const onA = await openSse(urlA, path, owner.token, {
        headers: { 'Last-Event-ID': String(onB.events.at(-1)!.id) },
      });
      const rest = await onA.ended;
      expectOffsets(rest, onB.events.at(-1)!.id!);
      expect(rest.at(-1)!.event).toMatchObject({ done: true });
      const saved = await savedReply(ids.assistantMessageId!);
      expect(textOf(first.events) + textOf(onB.events) + textOf(rest)).toBe(saved.content);
      expect(saved.content).toBe(slowChunks.join(''));
    });

    it('a finished reply answers its remaining text and final event at once, on either instance', async () => {
      const done = await openSse(urlA, '/api/chat', owner.token, {
        method: 'POST',
        body: { message: 'Quick' },
      });
      const all = await done.ended;
      expectOffsets(all, 0);
      const ids = all[0].event;
      const path = chatReplyStreamPath(ids.assistantMessageId!);
      for (const base of [urlA, urlB]) {
        const resumed = await openSse(base, path, owner.token, { headers: { 'Last-Event-ID': '5' } });
        const events = await resumed.ended;
        expect(events.map(({ id, event }) => [id, event])).toEqual([
          [0, ids],
          [15, { content: ' and done.' }],
          [15, { done: true, conversationId: ids.conversationId }],
        ]);
        const atEnd = await (await openSse(base, `${path}?lastEventId=15`, owner.token)).ended;
        expect(atEnd.map(({ id }) => id)).toEqual([0, 15]);
        const whole = await (await openSse(base, path, owner.token)).ended;
        expect(textOf(whole)).toBe('Short and done.');
      }
    });

    it('a stopped reply resumes with its text and the stopped event', async () => {
      fake.script({ kind: 'stream', chunks: slowChunks, delayMs: 80 });
      const first = await openSse(urlA, '/api/chat', owner.token, {
        method: 'POST',
        body: { message: 'Stop me' },
      });
      await first.waitFor((events) => contentCount(events) >= 2);
      first.abort();
      const ids = first.events[0].event;
      const resumed = await openSse(urlB, chatReplyStreamPath(ids.assistantMessageId!), owner.token, {
        headers: { 'Last-Event-ID': String(first.events.at(-1)!.id) },
      });
      await resumed.waitFor((events) => contentCount(events) >= 1);
      await request(b.getHttpServer())
        .post(`/api/chat/conversations/${ids.conversationId}/stop`)
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(200);
      const events = await resumed.ended;
      expect(events.at(-1)!.event).toEqual({ done: true, stopped: true, conversationId: ids.conversationId });
      const saved = await savedReply(ids.assistantMessageId!);
      expect(saved.status).toBe('stopped');
      expect(textOf(first.events) + textOf(events)).toBe(saved.content);
    });

    it("another user's reply is a 404; a malformed id, a bad Last-Event-ID or one past the text is a 400", async () => {
      const done = await openSse(urlA, '/api/chat', owner.token, {
        method: 'POST',
        body: { message: 'Mine' },
      });
      const ids = (await done.ended)[0].event;
      const path = chatReplyStreamPath(ids.assistantMessageId!);
      const stranger = await registerUser(a.app, { prefix: 'stranger' });
      const server = b.getHttpServer();
      const notFound = await request(server)
        .get(path)
        .set('Authorization', `Bearer ${stranger.token}`)
        .expect(404);
      expect(notFound.body.code).toBe('CHAT_MESSAGE_NOT_FOUND');
      // The user's own message that is not a reply is not a reply either.
      await request(server)
        .get(chatReplyStreamPath(ids.userMessageId!))
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(404);
      await request(server).get(path).expect(401);
      const badId = await request(server)
        .get(chatReplyStreamPath('not-a-uuid'))
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(400);
      expect(badId.body.code).toBe('VALIDATION_FAILED');
      for (const value of ['abc', '-1', '1.5', '99999999999']) {
        const bad = await request(server)
          .get(path)
          .set('Authorization', `Bearer ${owner.token}`)
          .set('Last-Event-ID', value)
          .expect(400);
        expect(bad.body.code).toBe('VALIDATION_FAILED');
      }
      await request(server)
        .get(`${path}?lastEventId=x`)
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(400);
      await request(server)
        .get(path)
        .set('Authorization', `Bearer ${owner.token}`)
        .set('Last-Event-ID', '9999')
        .expect(400);
    });

    it('the bus forgets finished replies after a few minutes', async () => {
      const done = await openSse(urlA, '/api/chat', owner.token, {
        method: 'POST',
        body: { message: 'Forget me' },
      });
      const id = (await done.ended)[0].event.assistantMessageId!;
      if (backend === 'redis') {
        const redis = new Redis(TEST_REDIS_URL);
        try {
          const key = `${a.config.queuePrefix}:reply:${id}`;
          const ttl = await eventually(async () => {
            const value = await redis.pttl(key);
            return value > 0 && value <= 5 * 60_000 ? value : undefined;
          });
          expect(ttl).toBeGreaterThan(0);
        } finally {
          redis.disconnect();
        }
      } else {
        const rows = () =>
          sql<{ n: number }>(
            a.databaseUrl,
            `SELECT count(*)::int AS n FROM chat_reply_chunks WHERE reply_id = $1`,
            [id],
          );
        await eventually(async () => ((await rows())[0].n >= 2 ? true : undefined));
        const bus = a.app.get(REPLY_BUS) as PostgresReplyBus;
        await bus.cleanup();
        expect((await rows())[0].n).toBeGreaterThan(0); // just finished: kept for late resumes
        await sql(
          a.databaseUrl,
          `UPDATE chat_reply_chunks SET created_at = now() - interval '6 minutes' WHERE reply_id = $1`,
          [id],
        );
        await bus.cleanup();
        expect((await rows())[0].n).toBe(0);
      }
    });
  },
);
