import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  type AuthResponse,
  type ChatMessage,
  type ChatMessageVersion,
  CHAT_ROOT_PARENT_ID,
  type ChatStreamEvent,
  chatRegeneratePath,
} from '@kasa/contracts';
import { UsageService } from '../src/usage';
import { eventually, listen, openChatStream, sql, streamedText } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { MANY_SIGN_UPS, setClock, usedIn } from './support/usage-support';

const MID_MARCH = '2031-03-10T08:00:00.000Z';
const MARCH = '2031-03-01';

/** What a regenerate answered: its status, and its events (an SSE stream) or its JSON error. */
interface Regenerated {
  status: number;
  events: ChatStreamEvent[];
  error: { code?: string; message?: string } | null;
}

/**
 * Versions and branches (docs/architecture.md#versions-and-branches): a new version of a reply,
 * an edited message, which branch a conversation shows and what the model is sent from it.
 */
describe('chat versions and branches', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  let restoreClock: () => void;
  const http = () => request(ctx.app.getHttpServer());
  const register = () => registerUser(ctx.app, { prefix: 'versions' });
  const messagesUsed = (who: AuthResponse) => usedIn(ctx.databaseUrl, who.user.id, 'messagesPerMonth', MARCH);
  const replyCount = async (who: AuthResponse) =>
    (
      await sql<{ n: number }>(
        ctx.databaseUrl,
        `SELECT count(*)::int AS n FROM chat_messages WHERE user_id = $1 AND role = 'assistant'`,
        [who.user.id],
      )
    )[0].n;

  /** Sends and waits for the reply's end; the first event's ids. */
  async function chat(who: AuthResponse, body: Record<string, unknown>) {
    const stream = await openChatStream(baseUrl, who.token, body);
    expect(stream.status).toBe(200);
    const events = await stream.ended;
    expect(events.at(-1)).toMatchObject({ done: true });
    return {
      conversationId: events[0].conversationId!,
      userMessageId: events[0].userMessageId!,
      assistantMessageId: events[0].assistantMessageId!,
      text: streamedText(events),
    };
  }

  async function regenerate(
    who: AuthResponse,
    replyId: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<Regenerated> {
    const response = await fetch(`${baseUrl}${chatRegeneratePath(replyId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${who.token}`, ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream'))
      return { status: response.status, events: [], error: JSON.parse(text) as Regenerated['error'] };
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent);
    return { status: response.status, events, error: null };
  }

  async function shown(who: AuthResponse, conversationId: string): Promise<ChatMessage[]> {
    return (await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(who)).expect(200))
      .body as ChatMessage[];
  }

  async function versionsOf(who: AuthResponse, messageId: string): Promise<ChatMessageVersion[]> {
    return (await http().get(`/api/chat/messages/${messageId}/versions`).set(bearer(who)).expect(200))
      .body as ChatMessageVersion[];
  }

  const show = (who: AuthResponse, conversationId: string, messageId: unknown) =>
    http().put(`/api/chat/conversations/${conversationId}/current`).set(bearer(who)).send({ messageId });

  /** The conversation the model was last sent, without the system prompt. */
  const lastPrompt = () => {
    const messages = fake.requests.at(-1)!.body.messages!;
    expect(messages[0].role).toBe('system');
    return messages.slice(1).map((message) => ({ role: message.role, content: message.content }));
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('chat_versions', {
      env: {
        ...MANY_SIGN_UPS,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '1',
        AI_TIMEOUT_MS: '5000',
        CONCURRENT_STREAMS_PER_USER: '100',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    baseUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.fallback = { kind: 'stream', chunks: ['Plant', ' after', ' the', ' first', ' rains.'] };
    restoreClock = setClock(ctx.app, MID_MARCH);
  });
  afterEach(() => restoreClock());

  it('a new version of a reply is shown, listed with the first, survives a reload and costs one message', async () => {
    const alice = await register();
    const first = await chat(alice, { message: 'When do I plant maize?' });
    expect(await messagesUsed(alice)).toBe(1);

    fake.script({ kind: 'stream', chunks: ['Wait', ' for', ' steady', ' rain.'] });
    const again = await regenerate(alice, first.assistantMessageId);
    expect(again.status).toBe(200);
    expect(again.events[0]).toEqual({
      conversationId: first.conversationId,
      userMessageId: first.userMessageId,
      assistantMessageId: expect.any(String),
    });
    const versionId = again.events[0].assistantMessageId!;
    expect(versionId).not.toBe(first.assistantMessageId);
    expect(streamedText(again.events)).toBe('Wait for steady rain.');
    expect(again.events.at(-1)).toEqual({ done: true, conversationId: first.conversationId });
    expect(await messagesUsed(alice)).toBe(2);
    // The question asked again, alone: the earlier version is not history.
    expect(lastPrompt()).toEqual([{ role: 'user', content: 'When do I plant maize?' }]);
    expect(fake.requests.at(-1)!.body.model).toBe('fake-model');

    const messages = await shown(alice, first.conversationId);
    expect(messages.map((m) => [m.id, m.parentId])).toEqual([
      [first.userMessageId, null],
      [versionId, first.userMessageId],
    ]);
    expect(messages[0].versionIds).toBeUndefined();
    expect(messages[1]).toMatchObject({
      content: 'Wait for steady rain.',
      status: 'complete',
      versionIds: [first.assistantMessageId, versionId],
      model: 'fake-model',
      feedback: null,
    });
    expect(await versionsOf(alice, first.assistantMessageId)).toEqual([
      expect.objectContaining({ id: first.assistantMessageId, shown: false, preview: first.text }),
      expect.objectContaining({
        id: versionId,
        shown: true,
        preview: 'Wait for steady rain.',
        model: 'fake-model',
      }),
    ]);
  });

  it('at the Basic limit a new version is a 429 that stores and charges nothing', async () => {
    const alice = await register();
    const first = await chat(alice, { message: 'How deep do I sow beans?' });
    await ctx.app.get(UsageService).reserve(alice.user.id, 'messagesPerMonth', 49);
    expect(await messagesUsed(alice)).toBe(50);
    const requests = fake.requests.length;

    const refused = await regenerate(alice, first.assistantMessageId);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'USAGE_LIMIT_EXCEEDED' });
    expect(await messagesUsed(alice)).toBe(50);
    expect(await replyCount(alice)).toBe(1);
    expect(fake.requests.length).toBe(requests);
    expect((await shown(alice, first.conversationId)).map((m) => m.id)).toEqual([
      first.userMessageId,
      first.assistantMessageId,
    ]);
  });

  it('after showing another version, the next turn follows it and the model gets exactly the shown branch', async () => {
    const alice = await register();
    fake.script({ kind: 'stream', chunks: ['Version one.'] });
    const first = await chat(alice, { message: 'Which maize variety?' });
    fake.script({ kind: 'stream', chunks: ['Version two.'] });
    const again = await regenerate(alice, first.assistantMessageId);
    const second = again.events[0].assistantMessageId!;

    const switched = await show(alice, first.conversationId, first.assistantMessageId).expect(200);
    expect((switched.body as ChatMessage[]).map((m) => m.content)).toEqual([
      'Which maize variety?',
      'Version one.',
    ]);
    expect((await shown(alice, first.conversationId)).map((m) => m.id)).toEqual([
      first.userMessageId,
      first.assistantMessageId,
    ]);
    expect((await versionsOf(alice, second)).map((v) => [v.id, v.shown])).toEqual([
      [first.assistantMessageId, true],
      [second, false],
    ]);

    fake.script({ kind: 'stream', chunks: ['Sow in rows.'] });
    const next = await chat(alice, { message: 'And how do I sow it?', conversationId: first.conversationId });
    expect(lastPrompt()).toEqual([
      { role: 'user', content: 'Which maize variety?' },
      { role: 'assistant', content: 'Version one.' },
      { role: 'user', content: 'And how do I sow it?' },
    ]);
    const messages = await shown(alice, first.conversationId);
    expect(messages.map((m) => m.content)).toEqual([
      'Which maize variety?',
      'Version one.',
      'And how do I sow it?',
      'Sow in rows.',
    ]);
    expect(messages[2].parentId).toBe(first.assistantMessageId);
    expect(messages[3].id).toBe(next.assistantMessageId);

    // Showing the second version again shows its own (empty) continuation: it is the leaf.
    const back = await show(alice, first.conversationId, second).expect(200);
    expect((back.body as ChatMessage[]).map((m) => m.content)).toEqual([
      'Which maize variety?',
      'Version two.',
    ]);
    // Showing the first version follows its newest descendants down to the follow-up's reply.
    const down = await show(alice, first.conversationId, first.assistantMessageId).expect(200);
    expect((down.body as ChatMessage[]).map((m) => m.id).at(-1)).toBe(next.assistantMessageId);
  });

  it('an edited message starts a branch; the old one stays reachable, and the model never sees it', async () => {
    const alice = await register();
    fake.script({ kind: 'stream', chunks: ['Answer one.'] }, { kind: 'stream', chunks: ['Answer two.'] });
    const one = await chat(alice, { message: 'My cassava leaves are yellow.' });
    const two = await chat(alice, { message: 'Is it the soil?', conversationId: one.conversationId });

    // Editing the second question: a send under its parent.
    fake.script({ kind: 'stream', chunks: ['Answer two, edited.'] });
    const edited = await chat(alice, {
      message: 'Is it the rain?',
      conversationId: one.conversationId,
      parentMessageId: one.assistantMessageId,
    });
    expect(lastPrompt()).toEqual([
      { role: 'user', content: 'My cassava leaves are yellow.' },
      { role: 'assistant', content: 'Answer one.' },
      { role: 'user', content: 'Is it the rain?' },
    ]);
    let messages = await shown(alice, one.conversationId);
    expect(messages.map((m) => m.content)).toEqual([
      'My cassava leaves are yellow.',
      'Answer one.',
      'Is it the rain?',
      'Answer two, edited.',
    ]);
    expect(messages[2]).toMatchObject({
      id: edited.userMessageId,
      parentId: one.assistantMessageId,
      versionIds: [two.userMessageId, edited.userMessageId],
    });
    expect(messages[3].versionIds).toBeUndefined();

    // The old branch, shown again from its question.
    const old = await show(alice, one.conversationId, two.userMessageId).expect(200);
    expect((old.body as ChatMessage[]).map((m) => m.id)).toEqual([
      one.userMessageId,
      one.assistantMessageId,
      two.userMessageId,
      two.assistantMessageId,
    ]);

    // Editing the first message: a branch from the start (null), then the nil UUID does the same.
    fake.script({ kind: 'stream', chunks: ['A fresh start.'] });
    const restart = await chat(alice, {
      message: 'My cassava leaves are spotted.',
      conversationId: one.conversationId,
      parentMessageId: null,
    });
    expect(lastPrompt()).toEqual([{ role: 'user', content: 'My cassava leaves are spotted.' }]);
    messages = await shown(alice, one.conversationId);
    expect(messages.map((m) => m.content)).toEqual(['My cassava leaves are spotted.', 'A fresh start.']);
    expect(messages[0]).toMatchObject({
      id: restart.userMessageId,
      parentId: null,
      versionIds: [one.userMessageId, restart.userMessageId],
    });
    await chat(alice, {
      message: 'My cassava is wilting.',
      conversationId: one.conversationId,
      parentMessageId: CHAT_ROOT_PARENT_ID,
    });
    messages = await shown(alice, one.conversationId);
    expect(messages[0].versionIds).toHaveLength(3);
    expect(messages[0].content).toBe('My cassava is wilting.');
  });

  it('concurrent new versions of one reply: each its own version, each charged once', async () => {
    const alice = await register();
    const first = await chat(alice, { message: 'When do I harvest groundnuts?' });
    const runs = await Promise.all([1, 2, 3].map(() => regenerate(alice, first.assistantMessageId)));
    for (const run of runs) {
      expect(run.status).toBe(200);
      expect(run.events.at(-1)).toMatchObject({ done: true });
    }
    const ids = runs.map((run) => run.events[0].assistantMessageId!);
    expect(new Set(ids).size).toBe(3);
    expect(await messagesUsed(alice)).toBe(4);
    const versions = await versionsOf(alice, first.assistantMessageId);
    expect(versions.map((v) => v.id).sort()).toEqual([first.assistantMessageId, ...ids].sort());
    expect(versions.filter((v) => v.shown)).toHaveLength(1);
    expect(versions.every((v) => v.status === 'complete')).toBe(true);
  });

  it('the same Idempotency-Key twice: one version, one charge, the same ids; another request with it is a 409', async () => {
    const alice = await register();
    const first = await chat(alice, { message: 'How much water for tomatoes?' });
    const key = randomUUID();
    const once = await regenerate(alice, first.assistantMessageId, {}, { 'Idempotency-Key': key });
    const twice = await regenerate(alice, first.assistantMessageId, {}, { 'Idempotency-Key': key });
    expect(once.status).toBe(200);
    expect(twice.status).toBe(200);
    expect(twice.events[0]).toEqual(once.events[0]);
    expect(streamedText(twice.events)).toBe(streamedText(once.events));
    expect(await messagesUsed(alice)).toBe(2);
    expect(await versionsOf(alice, first.assistantMessageId)).toHaveLength(2);

    const other = await regenerate(
      alice,
      first.assistantMessageId,
      { systemPrompt: 'Be brief.' },
      {
        'Idempotency-Key': key,
      },
    );
    expect(other.status).toBe(409);
    expect(other.error).toMatchObject({ code: 'CHAT_IDEMPOTENCY_KEY_REUSED' });
    // A key a send used is not a new version's either.
    const sendKey = randomUUID();
    const sent = await openChatStream(
      baseUrl,
      alice.token,
      { message: 'And for peppers?', conversationId: first.conversationId },
      { 'Idempotency-Key': sendKey },
    );
    await sent.ended;
    const reused = await regenerate(alice, first.assistantMessageId, {}, { 'Idempotency-Key': sendKey });
    expect(reused.status).toBe(409);
    expect(await messagesUsed(alice)).toBe(3);
  });

  it('Retry of a failed reply is a new version: the failure refunded, the retry charged once', async () => {
    const alice = await register();
    fake.script({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const stream = await openChatStream(baseUrl, alice.token, { message: 'Why do my goats cough?' });
    const events = await stream.ended;
    expect(events.at(-1)).toMatchObject({ code: 'AI_UNAVAILABLE' });
    const failedId = events[0].assistantMessageId!;
    await eventually(async () => ((await messagesUsed(alice)) === 0 ? true : undefined));

    const retried = await regenerate(alice, failedId);
    expect(retried.events.at(-1)).toMatchObject({ done: true });
    expect(await messagesUsed(alice)).toBe(1);
    const messages = await shown(alice, events[0].conversationId!);
    expect(messages.map((m) => [m.content, m.status])).toEqual([
      ['Why do my goats cough?', 'complete'],
      ['Plant after the first rains.', 'complete'],
    ]);
    expect(messages[1].versionIds).toEqual([failedId, retried.events[0].assistantMessageId]);
    expect((await versionsOf(alice, failedId)).map((v) => v.status)).toEqual(['failed', 'complete']);
  });

  it('a reply still being written cannot get a new version (409); once it ends it can', async () => {
    const alice = await register();
    fake.script({ kind: 'stream', chunks: Array.from({ length: 20 }, (_, i) => `w${i} `), delayMs: 50 });
    const stream = await openChatStream(baseUrl, alice.token, {
      message: 'Tell me everything about millet.',
    });
    const ids = await stream.waitFor((event) => !!event.assistantMessageId);
    const refused = await regenerate(alice, ids.assistantMessageId!);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'CHAT_REPLY_STILL_WRITING' });
    await stream.ended;
    expect(await messagesUsed(alice)).toBe(1);
    expect((await regenerate(alice, ids.assistantMessageId!)).status).toBe(200);
  });

  it("another user's messages and conversations are 404s; nothing is charged", async () => {
    const alice = await register();
    const bob = await register();
    const mine = await chat(alice, { message: 'Alice asks about yams.' });
    const his = await chat(bob, { message: 'Bob asks about rice.' });

    const stolen = await regenerate(bob, mine.assistantMessageId);
    expect(stolen.status).toBe(404);
    expect(stolen.error).toMatchObject({ code: 'CHAT_MESSAGE_NOT_FOUND' });
    await http()
      .get(`/api/chat/messages/${mine.assistantMessageId}/versions`)
      .set(bearer(bob))
      .expect(404)
      .expect((res) => expect(res.body.code).toBe('CHAT_MESSAGE_NOT_FOUND'));
    await show(bob, mine.conversationId, mine.assistantMessageId)
      .expect(404)
      .expect((res) => expect(res.body.code).toBe('CHAT_CONVERSATION_NOT_FOUND'));
    await show(alice, mine.conversationId, his.assistantMessageId)
      .expect(404)
      .expect((res) => expect(res.body.code).toBe('CHAT_MESSAGE_NOT_FOUND'));
    await show(alice, mine.conversationId, randomUUID()).expect(404);

    // A parent from another conversation (even the user's own) is not found, before any charge.
    const other = await chat(alice, { message: 'A second conversation.' });
    for (const parentMessageId of [his.assistantMessageId, other.assistantMessageId]) {
      const refused = await openChatStream(baseUrl, alice.token, {
        message: 'Branch here?',
        conversationId: mine.conversationId,
        parentMessageId,
      });
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.raw)).toMatchObject({ code: 'CHAT_MESSAGE_NOT_FOUND' });
    }
    expect(await messagesUsed(alice)).toBe(2);
    expect(await messagesUsed(bob)).toBe(1);
    expect((await shown(alice, mine.conversationId)).map((m) => m.id)).toEqual([
      mine.userMessageId,
      mine.assistantMessageId,
    ]);
  });

  it('refuses bad requests with a JSON 400 before anything is stored or charged', async () => {
    const alice = await register();
    const first = await chat(alice, { message: 'What eats my sorghum?' });
    const userMessage = await regenerate(alice, first.userMessageId);
    expect(userMessage.status).toBe(400);
    expect(userMessage.error).toMatchObject({ code: 'CHAT_MESSAGE_NOT_REPLY' });
    for (const body of [{ model: 5 }, { model: 'm'.repeat(201) }, { systemPrompt: ['x'] }, { extra: true }]) {
      const bad = await regenerate(alice, first.assistantMessageId, body);
      expect({ body, status: bad.status, code: bad.error?.code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(
      (await regenerate(alice, first.assistantMessageId, { model: 'no-such-model' })).error,
    ).toMatchObject({
      code: 'CHAT_MODEL_UNKNOWN',
    });
    await http().post('/api/chat/messages/not-a-uuid/regenerate').set(bearer(alice)).send({}).expect(400);
    await http().get('/api/chat/messages/not-a-uuid/versions').set(bearer(alice)).expect(400);
    for (const body of [{}, { messageId: 'nope' }, { messageId: 7 }])
      await http()
        .put(`/api/chat/conversations/${first.conversationId}/current`)
        .set(bearer(alice))
        .send(body)
        .expect(400)
        .expect((res) => expect(res.body.code).toBe('VALIDATION_FAILED'));
    for (const body of [
      { message: 'Orphan branch', parentMessageId: first.assistantMessageId },
      { message: 'Bad parent', conversationId: first.conversationId, parentMessageId: 'nope' },
      { message: 'Bad parent', conversationId: first.conversationId, parentMessageId: 12 },
      { message: 'Bad model', conversationId: first.conversationId, model: { id: 'x' } },
    ]) {
      const refused = await openChatStream(baseUrl, alice.token, body);
      expect({ body, status: refused.status, code: JSON.parse(refused.raw).code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    await eventually(async () => ((await messagesUsed(alice)) === 1 ? true : undefined));
    expect(await replyCount(alice)).toBe(1);
  });
});
