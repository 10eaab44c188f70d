import { randomUUID } from 'node:crypto';
import type { AuthResponse, ChatStreamEvent } from '@kasa/contracts';
import { ChatSendKeysCleanup } from '../src/chat/send-keys/chat-send-keys.cleanup';
import { listen, openChatStream, sql, streamedText } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type TestApp } from './support/test-app';
import { registerUser } from './support/accounts';
import { MANY_SIGN_UPS, setClock, usedIn } from './support/usage-support';

const MID_MARCH = '2031-03-10T08:00:00.000Z';
const MARCH = '2031-03-01';

/** POST /api/chat with an Idempotency-Key: one message and one charge however often it is sent. */
describe('idempotent chat sends', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  let restoreClock: () => void;
  const messagesUsed = (who: AuthResponse) => usedIn(ctx.databaseUrl, who.user.id, 'messagesPerMonth', MARCH);
  const userMessages = async (who: AuthResponse, content: string) =>
    (
      await sql<{ n: number }>(
        ctx.databaseUrl,
        `SELECT count(*)::int AS n FROM chat_messages WHERE user_id = $1 AND role = 'user' AND content = $2`,
        [who.user.id, content],
      )
    )[0].n;
  const replies = async (who: AuthResponse) =>
    (
      await sql<{ n: number }>(
        ctx.databaseUrl,
        `SELECT count(*)::int AS n FROM chat_messages WHERE user_id = $1 AND role = 'assistant'`,
        [who.user.id],
      )
    )[0].n;
  const ids = (events: ChatStreamEvent[]) => {
    const first = events[0];
    return {
      conversationId: first?.conversationId,
      userMessageId: first?.userMessageId,
      assistantMessageId: first?.assistantMessageId,
    };
  };

  async function send(who: AuthResponse, message: string, key: string) {
    const stream = await openChatStream(baseUrl, who.token, { message }, { 'Idempotency-Key': key });
    return { status: stream.status, events: await stream.ended, raw: stream.raw };
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('chat_idempotency', {
      env: {
        ...MANY_SIGN_UPS,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '1',
        AI_TIMEOUT_MS: '5000',
        // Ten streams of one send at once: over the per-user stream cap, which is not tested here.
        CONCURRENT_STREAMS_PER_USER: '100',
      },
    });
    baseUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.fallback = { kind: 'stream', chunks: ['Dry', ' them', ' in', ' the', ' sun.'] };
    restoreClock = setClock(ctx.app, MID_MARCH);
  });
  afterEach(() => restoreClock());

  it('the same key twice: one message, one reply, one charge; the retry answers the same ids and reply', async () => {
    const user = await registerUser(ctx.app, { prefix: 'idem' });
    const key = randomUUID();
    const first = await send(user, 'How do I dry maize?', key);
    expect(first.status).toBe(200);
    expect(first.events.at(-1)).toMatchObject({ done: true });
    const requestsAfterFirst = fake.requests.length;

    const again = await send(user, 'How do I dry maize?', key);
    expect(again.status).toBe(200);
    expect(ids(again.events)).toEqual(ids(first.events));
    expect(ids(again.events).assistantMessageId).toEqual(expect.any(String));
    expect(streamedText(again.events)).toBe('Dry them in the sun.');
    expect(again.events.at(-1)).toMatchObject({
      done: true,
      conversationId: ids(first.events).conversationId,
    });
    expect(fake.requests.length).toBe(requestsAfterFirst);

    expect(await userMessages(user, 'How do I dry maize?')).toBe(1);
    expect(await replies(user)).toBe(1);
    expect(await messagesUsed(user)).toBe(1);
  });

  it('ten concurrent sends with one key: exactly one message and one charge, ten streams with the same ids', async () => {
    const user = await registerUser(ctx.app, { prefix: 'idem' });
    fake.fallback = { kind: 'stream', chunks: ['Plant', ' after', ' the', ' first', ' rains.'], delayMs: 50 };
    const key = randomUUID();
    const streams = await Promise.all(
      Array.from({ length: 10 }, () => send(user, 'When to plant beans?', key)),
    );
    expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));
    const first = ids(streams[0].events);
    expect(first.assistantMessageId).toEqual(expect.any(String));
    for (const stream of streams) {
      expect(ids(stream.events)).toEqual(first);
      expect(streamedText(stream.events)).toBe('Plant after the first rains.');
      expect(stream.events.at(-1)).toMatchObject({ done: true });
    }
    expect(await userMessages(user, 'When to plant beans?')).toBe(1);
    expect(await replies(user)).toBe(1);
    expect(await messagesUsed(user)).toBe(1);
  });

  it('at the limit, ten concurrent sends with one key: the last message taken once, all ten answer its ids, no 429', async () => {
    const user = await registerUser(ctx.app, { prefix: 'idem' });
    await sql(
      ctx.databaseUrl,
      `INSERT INTO usage_counters (user_id, period, feature, used) VALUES ($1, $2::date, 'messagesPerMonth', 49)`,
      [user.user.id, MARCH],
    );
    const key = randomUUID();
    const streams = await Promise.all(Array.from({ length: 10 }, () => send(user, 'The last one', key)));
    expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));
    const first = ids(streams[0].events);
    for (const stream of streams) expect(ids(stream.events)).toEqual(first);
    expect(await userMessages(user, 'The last one')).toBe(1);
    expect(await messagesUsed(user)).toBe(50);
    // The quota is spent: a new message (another key) is refused and stores nothing.
    expect((await send(user, 'One more', randomUUID())).status).toBe(429);
    expect(await userMessages(user, 'One more')).toBe(0);
    expect(await messagesUsed(user)).toBe(50);
  });

  it('the same key with another message is a 409 and costs nothing', async () => {
    const user = await registerUser(ctx.app, { prefix: 'idem' });
    const key = randomUUID();
    expect((await send(user, 'First message', key)).status).toBe(200);
    const reused = await send(user, 'A different message', key);
    expect(reused.status).toBe(409);
    expect(JSON.parse(reused.raw)).toMatchObject({ code: 'CHAT_IDEMPOTENCY_KEY_REUSED' });
    expect(await userMessages(user, 'A different message')).toBe(0);
    expect(await messagesUsed(user)).toBe(1);
  });

  it('a malformed key is a 400 and costs nothing', async () => {
    const user = await registerUser(ctx.app, { prefix: 'idem' });
    const bad = await send(user, 'Hello', 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.raw)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await userMessages(user, 'Hello')).toBe(0);
    expect(await messagesUsed(user)).toBe(0);
  });

  it('two users may use the same key: each gets their own message', async () => {
    const [alice, bob] = [
      await registerUser(ctx.app, { prefix: 'idem' }),
      await registerUser(ctx.app, { prefix: 'idem' }),
    ];
    const key = randomUUID();
    const a = await send(alice, 'Shared key', key);
    const b = await send(bob, 'Shared key', key);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(ids(a.events).conversationId).not.toBe(ids(b.events).conversationId);
    expect(await userMessages(alice, 'Shared key')).toBe(1);
    expect(await userMessages(bob, 'Shared key')).toBe(1);
    expect(await messagesUsed(alice)).toBe(1);
    expect(await messagesUsed(bob)).toBe(1);
  });

  it('a send refused at the limit keeps nothing: the key works once the user has messages again', async () => {
    const user = await registerUser(ctx.app, { prefix: 'idem' });
    await sql(
      ctx.databaseUrl,
      `INSERT INTO usage_counters (user_id, period, feature, used) VALUES ($1, $2::date, 'messagesPerMonth', 50)`,
      [user.user.id, MARCH],
    );
    const key = randomUUID();
    expect((await send(user, 'Over the limit', key)).status).toBe(429);
    await sql(ctx.databaseUrl, `UPDATE usage_counters SET used = 49 WHERE user_id = $1`, [user.user.id]);
    const accepted = await send(user, 'Over the limit', key);
    expect(accepted.status).toBe(200);
    expect(await userMessages(user, 'Over the limit')).toBe(1);
    expect(await messagesUsed(user)).toBe(50);
  });

  it('keys older than 24 hours are deleted by the cleanup', async () => {
    const user = await registerUser(ctx.app, { prefix: 'idem' });
    const [oldKey, newKey] = [randomUUID(), randomUUID()];
    await send(user, 'Old', oldKey);
    await send(user, 'New', newKey);
    await sql(
      ctx.databaseUrl,
      `UPDATE chat_send_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND key = $2`,
      [user.user.id, oldKey],
    );
    expect(await ctx.app.get(ChatSendKeysCleanup).run()).toBeGreaterThanOrEqual(1);
    const left = await sql<{ key: string }>(
      ctx.databaseUrl,
      `SELECT key FROM chat_send_keys WHERE user_id = $1`,
      [user.user.id],
    );
    expect(left.map((row) => row.key)).toEqual([newKey]);
  });
});
