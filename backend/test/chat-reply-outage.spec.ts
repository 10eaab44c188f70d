import { once } from 'node:events';
import type { INestApplication } from '@nestjs/common';
import type { AuthResponse } from '@kasa/contracts';
import { createApp } from '../src/app.factory';
import { eventually, listen, openChatStream, sleep, sql, streamedText } from './chat-support';
import { registerUser } from './support/accounts';
import { type ApiProcess, startApiProcess } from './support/api-process';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { startTcpProxy, type TcpProxy, throughProxy } from './support/tcp-proxy';
import { createTestEnvironment, type QueueBackend, type TestEnvironment } from './support/test-app';
import { MANY_SIGN_UPS } from './support/usage-support';

/**
 * PostgreSQL becomes unreachable (a loopback proxy between the API and the server cuts and refuses
 * connections; the real server keeps running) while replies stream: the replies shown in full must
 * be saved in full once the database is back, not cut to their last progress save.
 */
describe.each<QueueBackend>(['redis', 'postgres'])(
  'replies across a PostgreSQL outage (%s bus)',
  (backend) => {
    let fake: FakeOpenAiServer;
    let proxy: TcpProxy;
    let environment: TestEnvironment;
    let app: INestApplication;
    /** A second instance, cut off with the first: its takeover sweep must leave the writer's replies alone. */
    let other: INestApplication;
    let baseUrl: string;
    let owner: AuthResponse;

    beforeAll(async () => {
      fake = await startFakeOpenAi();
      environment = await createTestEnvironment(`replyoutage_${backend}`, {
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
      proxy = await startTcpProxy(Number(new URL(environment.databaseUrl).port || 5432));
      const proxied = { ...environment.config, databaseUrl: throughProxy(environment.databaseUrl, proxy) };
      app = await createApp(proxied);
      await app.init();
      other = await createApp(proxied);
      await other.init();
      baseUrl = await listen(app);
      owner = await registerUser(app, { prefix: 'outage' });
    }, 60_000);
    afterAll(async () => {
      proxy?.resume();
      await other?.close();
      await app?.close();
      await proxy?.close();
      await fake?.close();
      await environment?.dispose();
    }, 60_000);
    afterEach(() => proxy.resume());

    const savedReply = async (id: string) =>
      (
        await sql<{ status: string; content: string }>(
          environment.databaseUrl,
          `SELECT status, content FROM chat_messages WHERE id = $1`,
          [id],
        )
      )[0];

    it('replies streamed in full while the database is down are saved in full when it returns', async () => {
      const chunks = (n: number) => Array.from({ length: 30 }, (_, i) => `r${n}c${i} `);
      fake.script(
        { kind: 'stream', chunks: chunks(1), delayMs: 60 },
        { kind: 'stream', chunks: chunks(2), delayMs: 60 },
        { kind: 'stream', chunks: chunks(3), delayMs: 60 },
      );
      const streams = [];
      for (const message of ['one', 'two', 'three'])
        streams.push(await openChatStream(baseUrl, owner.token, { message }));
      await Promise.all(streams.map((stream) => stream.waitFor((event) => event.content !== undefined)));

      // The database goes away mid-reply: open connections cut, new ones refused.
      proxy.pause();
      const ended = await Promise.all(streams.map((stream) => stream.ended));
      await sleep(1_500);
      for (const events of ended) {
        // The reader saw the whole reply and its end: the text is kept to be saved, not thrown away.
        expect(events.at(-1)).toEqual({ done: true, conversationId: events[0].conversationId });
      }
      proxy.resume();

      for (const [index, events] of ended.entries()) {
        const shown = streamedText(events);
        expect(shown).toBe(chunks(index + 1).join(''));
        const saved = await eventually(async () => {
          const row = await savedReply(events[0].assistantMessageId!);
          return row.status === 'streaming' ? undefined : row;
        }, 30_000);
        expect(saved).toEqual({ status: 'complete', content: shown });
      }
    }, 90_000);

    it('a reply that ends just as the database goes away is saved whole when it comes back, after a longer outage', async () => {
      fake.script({
        kind: 'stream',
        chunks: ['Kept ', 'until ', 'the ', 'database ', 'returns.'],
        delayMs: 150,
      });
      const stream = await openChatStream(baseUrl, owner.token, { message: 'four' });
      await stream.waitFor((event) => event.content === 'database ');
      proxy.pause();
      const events = await stream.ended;
      expect(events.at(-1)).toMatchObject({ done: true });
      // Longer than the lease on a reply: the writer is alive, and must still be the one to save it
      // (the other instance sees the lapsed lease when the database returns, and must not take over).
      await sleep(9_000);
      proxy.resume();
      const saved = await eventually(async () => {
        const row = await savedReply(events[0].assistantMessageId!);
        return row.status === 'streaming' ? undefined : row;
      }, 30_000);
      expect(saved).toEqual({ status: 'complete', content: 'Kept until the database returns.' });
    }, 60_000);
  },
);

/**
 * The writer dies (kill -9) after it streamed a whole reply it could not save (PostgreSQL
 * unreachable from it): another instance, which reaches the database, ends the reply from the
 * reply bus once the writer's lease lapses. The Redis bus has every chunk and the final event, so
 * the reply is saved whole; the PostgreSQL bus was unreachable too, so it keeps the last progress
 * save and ends as interrupted.
 */
describe.each<QueueBackend>(['redis', 'postgres'])(
  'a writer killed while PostgreSQL is unreachable (%s bus)',
  (backend) => {
    let fake: FakeOpenAiServer;
    let proxy: TcpProxy;
    let environment: TestEnvironment;
    let writer: ApiProcess;
    let survivor: ApiProcess;
    let owner: AuthResponse;

    beforeAll(async () => {
      fake = await startFakeOpenAi();
      environment = await createTestEnvironment(`replyoutagekill_${backend}`, {
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
      proxy = await startTcpProxy(Number(new URL(environment.databaseUrl).port || 5432));
      survivor = await startApiProcess(environment.config);
      writer = await startApiProcess({
        ...environment.config,
        databaseUrl: throughProxy(environment.databaseUrl, proxy),
      });
      owner = await registerUser(survivor.baseUrl, { prefix: 'outagekill' });
    }, 120_000);
    afterAll(async () => {
      proxy?.resume();
      await Promise.all([writer?.stop(), survivor?.stop()]);
      await proxy?.close();
      await fake?.close();
      await environment?.dispose();
    }, 60_000);

    it('another instance saves what the bus has once the lease lapses', async () => {
      const chunks = Array.from({ length: 12 }, (_, i) => `k${i} `);
      fake.script({ kind: 'stream', chunks, delayMs: 100 });
      const stream = await openChatStream(writer.baseUrl, owner.token, { message: 'five' });
      await stream.waitFor((event) => event.content !== undefined);
      proxy.pause();
      const events = await stream.ended;
      expect(events.at(-1)).toEqual({ done: true, conversationId: events[0].conversationId });
      expect(streamedText(events)).toBe(chunks.join(''));
      await sleep(500); // the final event's flush to the bus
      writer.child.kill('SIGKILL');

      const saved = await eventually(async () => {
        const [row] = await sql<{ status: string; content: string; error_code: string | null }>(
          environment.databaseUrl,
          `SELECT status, content, error_code FROM chat_messages WHERE id = $1`,
          [events[0].assistantMessageId],
        );
        return row.status === 'streaming' ? undefined : row;
      }, 30_000);
      if (backend === 'redis') {
        expect(saved).toEqual({ status: 'complete', content: chunks.join(''), error_code: null });
      } else {
        expect(saved).toMatchObject({ status: 'failed', error_code: 'CHAT_REPLY_INTERRUPTED' });
        expect(chunks.join('').startsWith(saved.content)).toBe(true);
      }
    }, 60_000);
  },
);

/**
 * An instance stopped (SIGTERM) while PostgreSQL is unreachable from it, with one reply finished
 * but not saved (its final save waits for the database) and one still being written: shutdown
 * gives up on the database in bounded time (chat-generation.service.ts SHUTDOWN_GRACE_MS, then one
 * last save try) and the process exits: no probe, retry or lease renewal outlives it.
 */
describe.each<QueueBackend>(['redis', 'postgres'])(
  'an instance stopped while PostgreSQL is unreachable (%s bus)',
  (backend) => {
    let fake: FakeOpenAiServer;
    let proxy: TcpProxy;
    let environment: TestEnvironment;
    let writer: ApiProcess;
    let owner: AuthResponse;

    beforeAll(async () => {
      fake = await startFakeOpenAi();
      environment = await createTestEnvironment(`replyoutagestop_${backend}`, {
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
      proxy = await startTcpProxy(Number(new URL(environment.databaseUrl).port || 5432));
      writer = await startApiProcess({
        ...environment.config,
        databaseUrl: throughProxy(environment.databaseUrl, proxy),
      });
      owner = await registerUser(writer.baseUrl, { prefix: 'outagestop' });
    }, 120_000);
    afterAll(async () => {
      proxy?.resume();
      await writer?.stop();
      await proxy?.close();
      await fake?.close();
      await environment?.dispose();
    }, 60_000);

    it('exits soon after SIGTERM', async () => {
      fake.script(
        { kind: 'stream', chunks: ['Done ', 'before ', 'the ', 'stop.'], delayMs: 100 },
        { kind: 'stream', chunks: Array.from({ length: 200 }, (_, i) => `s${i} `), delayMs: 100 },
      );
      const finished = await openChatStream(writer.baseUrl, owner.token, { message: 'six' });
      await finished.waitFor((event) => event.content !== undefined);
      const running = await openChatStream(writer.baseUrl, owner.token, { message: 'seven' });
      await running.waitFor((event) => event.content !== undefined);
      proxy.pause();
      expect((await finished.ended).at(-1)).toMatchObject({ done: true });

      const started = Date.now();
      const exited = once(writer.child, 'exit').then(([code]) => code as number | null);
      writer.child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still running'), 30_000))),
      ]);
      clearTimeout(timer);
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(20_000);
    }, 60_000);
  },
);
