import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { AuthResponse, ChatMessage } from '@kasa/contracts';
import { createApp } from '../src/app.factory';
import { REPLY_INTERRUPTED } from '../src/chat/generation/chat-generation.service';
import { ReplyTakeoverService } from '../src/chat/reply-stream/reply-takeover.service';
import { type AppConfig, loadConfig } from '../src/config';
import { UsageService } from '../src/usage';
import { usagePeriodOf } from '../src/usage/usage-period';
import { eventually, listen, openChatStream, sql, streamedText } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestDatabase } from './support/test-database';
import { setClock, usedIn } from './support/usage-support';

/**
 * Replies across a restart: a shutdown lets running replies finish for a moment, then saves them
 * as interrupted; a new process marks replies a crashed one left 'streaming' as failed and gives
 * their messages back.
 */
describe('chat across restarts', () => {
  let fake: FakeOpenAiServer;
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let config: AppConfig;
  const apps: INestApplication[] = [];

  async function start(): Promise<INestApplication> {
    const app = await createApp(config);
    await app.init();
    apps.push(app);
    return app;
  }

  async function close(app: INestApplication): Promise<void> {
    await app.close();
    apps.splice(apps.indexOf(app), 1);
  }

  async function signUp(app: INestApplication, prefix: string): Promise<AuthResponse> {
    const response = await request(app.getHttpServer())
      .post('/api/auth/register')
      .send({ username: `${prefix}_${Date.now().toString(36)}`, password: 'secret123' })
      .expect(201);
    return response.body as AuthResponse;
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    database = await createTestDatabase('chatrestart');
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-test-'));
    config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test',
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_MS: '20000',
    });
  });
  afterAll(async () => {
    for (const app of [...apps]) await app.close();
    await database?.drop();
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shutdown: a reply that ends within the grace period is saved whole; a longer one is saved as interrupted', async () => {
    const first = await start();
    const baseUrl = await listen(first);
    const user = (
      await request(first.getHttpServer())
        .post('/api/auth/register')
        .send({ username: `restart_${Date.now().toString(36)}`, password: 'secret123' })
        .expect(201)
    ).body as AuthResponse;

    fake.script(
      { kind: 'stream', chunks: ['quick', ' reply', ' done'], delayMs: 300 },
      { kind: 'stream', chunks: Array.from({ length: 100 }, (_, i) => `t${i} `), delayMs: 200 },
    );
    const short = await openChatStream(baseUrl, user.token, { message: 'short one' });
    const long = await openChatStream(baseUrl, user.token, { message: 'long one' });
    await short.waitFor((e) => e.content !== undefined);
    await long.waitFor((e) => e.content !== undefined);

    const closing = close(first);
    const [shortEvents, longEvents] = await Promise.all([short.ended, long.ended]);
    await closing;

    expect(shortEvents.at(-1)).toEqual({ done: true, conversationId: shortEvents[0].conversationId });
    expect(longEvents.at(-1)).toEqual({
      error: REPLY_INTERRUPTED.message,
      code: 'CHAT_REPLY_INTERRUPTED',
      conversationId: longEvents[0].conversationId,
    });
    const [shortRow] = await sql(database.url, `SELECT status, content FROM chat_messages WHERE id = $1`, [
      shortEvents[0].assistantMessageId,
    ]);
    expect(shortRow).toEqual({ status: 'complete', content: 'quick reply done' });
    const [longRow] = await sql<{ status: string; content: string; error: string; error_code: string }>(
      database.url,
      `SELECT status, content, error, error_code FROM chat_messages WHERE id = $1`,
      [longEvents[0].assistantMessageId],
    );
    expect(longRow).toEqual({
      status: 'failed',
      error: REPLY_INTERRUPTED.message,
      error_code: 'CHAT_REPLY_INTERRUPTED',
      content: streamedText(longEvents),
    });
    expect(longRow.content.length).toBeGreaterThan(0);
    await eventually(async () => (fake.requests.at(-1)!.abortedByClient ? true : undefined));

    // The next process serves what was saved.
    const second = await start();
    const stored = (
      await request(second.getHttpServer())
        .get(`/api/chat/conversations/${longEvents[0].conversationId}`)
        .set('Authorization', `Bearer ${user.token}`)
        .expect(200)
    ).body as ChatMessage[];
    expect(stored.at(-1)).toMatchObject({
      status: 'failed',
      error: REPLY_INTERRUPTED.message,
      errorCode: 'CHAT_REPLY_INTERRUPTED',
      content: longRow.content,
    });
    await close(second);
  });

  it('at start, replies of a version before leases left streaming for over 2 minutes are marked failed (text kept)', async () => {
    const first = await start();
    const user = (
      await request(first.getHttpServer())
        .post('/api/auth/register')
        .send({ username: `crash_${Date.now().toString(36)}`, password: 'secret123' })
        .expect(201)
    ).body as AuthResponse;
    const [conversation] = await sql<{ id: string }>(
      database.url,
      `INSERT INTO conversations (user_id, title) VALUES ($1, 'Crashed') RETURNING id`,
      [user.user.id],
    );
    const [stale, recent] = await sql<{ id: string }>(
      database.url,
      `INSERT INTO chat_messages (conversation_id, user_id, role, content, status, updated_at)
       VALUES ($1, $2, 'assistant', 'half a rep', 'streaming', now() - interval '3 minutes'),
              ($1, $2, 'assistant', 'still fresh', 'streaming', now() - interval '10 seconds')
       RETURNING id`,
      [conversation.id, user.user.id],
    );
    await close(first);

    const second = await start();
    const rows = await sql<{
      id: string;
      status: string;
      content: string;
      error: string | null;
      error_code: string | null;
    }>(
      database.url,
      `SELECT id, status, content, error, error_code FROM chat_messages WHERE conversation_id = $1`,
      [conversation.id],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(stale.id)).toMatchObject({
      status: 'failed',
      content: 'half a rep',
      error: REPLY_INTERRUPTED.message,
      error_code: 'CHAT_REPLY_INTERRUPTED',
    });
    expect(byId.get(recent.id)).toMatchObject({
      status: 'streaming',
      content: 'still fresh',
      error: null,
      error_code: null,
    });

    // Stop on a reply nobody writes any more (recent, but its process is gone): the flag is raised.
    const stop = await request(second.getHttpServer())
      .post(`/api/chat/conversations/${conversation.id}/stop`)
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200);
    expect(stop.body).toEqual({ stopped: true });
    const [flag] = await sql(database.url, `SELECT stop_requested FROM chat_messages WHERE id = $1`, [
      recent.id,
    ]);
    expect(flag).toEqual({ stop_requested: true });
    await close(second);
  });

  it('a reply a crashed process left streaming gives its message back, to the month it was sent in, once', async () => {
    const first = await start();
    const user = await signUp(first, 'refund');
    const now = new Date();
    const sentAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 20, 12));
    const messagesIn = (period: string) => usedIn(database.url, user.user.id, 'messagesPerMonth', period);
    // What a process that died leaves: the counters its reservations took (the reservations
    // themselves lived in its memory) and the replies it was writing, still 'streaming'. Last
    // month: a completed reply and the abandoned one; this month: a reply still being written.
    const usage = first.get(UsageService);
    const restoreClock = setClock(first, sentAt.toISOString());
    await usage.reserve(user.user.id, 'messagesPerMonth');
    await usage.reserve(user.user.id, 'messagesPerMonth');
    restoreClock();
    await usage.reserve(user.user.id, 'messagesPerMonth');
    const [conversation] = await sql<{ id: string }>(
      database.url,
      `INSERT INTO conversations (user_id, title) VALUES ($1, 'Crashed last month') RETURNING id`,
      [user.user.id],
    );
    const [abandoned, live] = await sql<{ id: string }>(
      database.url,
      `INSERT INTO chat_messages (conversation_id, user_id, role, content, status, created_at, updated_at)
       VALUES ($1, $2, 'assistant', 'half a rep', 'streaming', $3, $3::timestamptz + interval '5 seconds'),
              ($1, $2, 'assistant', 'still fresh', 'streaming', now() - interval '10 seconds', now())
       RETURNING id`,
      [conversation.id, user.user.id, sentAt],
    );
    await close(first);
    expect([await messagesIn(usagePeriodOf(sentAt)), await messagesIn(usagePeriodOf(now))]).toEqual([2, 1]);

    const second = await start();
    const statusOf = async (id: string) =>
      (await sql<{ status: string }>(database.url, `SELECT status FROM chat_messages WHERE id = $1`, [id]))[0]
        .status;
    expect([await statusOf(abandoned.id), await statusOf(live.id)]).toEqual(['failed', 'streaming']);
    expect([await messagesIn(usagePeriodOf(sentAt)), await messagesIn(usagePeriodOf(now))]).toEqual([1, 1]);
    await close(second);

    // The next start sweeps again and finds nothing more to give back.
    const third = await start();
    expect([await messagesIn(usagePeriodOf(sentAt)), await messagesIn(usagePeriodOf(now))]).toEqual([1, 1]);
    await close(third);
  });

  it('a reply swept while its process still writes it is given back once, not again when that process ends it', async () => {
    const first = await start();
    const baseUrl = await listen(first);
    const user = await signUp(first, 'swept');
    const messagesUsed = () =>
      usedIn(database.url, user.user.id, 'messagesPerMonth', usagePeriodOf(new Date()));
    fake.script({ kind: 'stream', chunks: ['Dry them.'] }, { kind: 'stall', chunks: ['half a '] });
    await (
      await openChatStream(baseUrl, user.token, { message: 'one' })
    ).ended;
    const stalled = await openChatStream(baseUrl, user.token, { message: 'two' });
    await stalled.waitFor((event) => event.content !== undefined);
    const replyId = stalled.events[0].assistantMessageId;
    await eventually(async () => {
      const [row] = await sql<{ content: string }>(
        database.url,
        `SELECT content FROM chat_messages WHERE id = $1`,
        [replyId],
      );
      return row.content === 'half a ' ? true : undefined;
    });
    expect(await messagesUsed()).toBe(2);

    // To the other instances the first looks dead (its lease lapsed, as when it cannot reach the
    // database for a while): one takes its reply over. The first renews its lease every 2 s, so
    // the lapse is set again until two looks in a row see it.
    const second = await start();
    const takeover = second.get(ReplyTakeoverService);
    const swept = await eventually(async () => {
      await sql(
        database.url,
        `UPDATE chat_messages SET lease_until = now() - interval '1 minute' WHERE id = $1 AND status = 'streaming'`,
        [replyId],
      );
      await takeover.sweep();
      await takeover.sweep();
      const [row] = await sql<{ status: string; error: string | null }>(
        database.url,
        `SELECT status, error FROM chat_messages WHERE id = $1`,
        [replyId],
      );
      return row.status === 'streaming' ? undefined : row;
    });
    expect(swept).toEqual({ status: 'failed', error: REPLY_INTERRUPTED.message });
    expect(await messagesUsed()).toBe(1);

    // The first process then ends the reply in an error (its shutdown cuts it): nothing more is given back.
    await close(first);
    const events = await stalled.ended;
    expect(events.at(-1)).toEqual({
      error: REPLY_INTERRUPTED.message,
      code: 'CHAT_REPLY_INTERRUPTED',
      conversationId: events[0].conversationId,
    });
    expect(await messagesUsed()).toBe(1);
    await close(second);
  });
});
