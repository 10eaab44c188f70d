import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  type AuthResponse,
  CHAT_FEEDBACK_REASON_MAX_LENGTH,
  type ChatFeedback,
  type ChatMessage,
} from '@kasa/contracts';
import { ExportDataRepository } from '../src/account/export/jobs/export-data.repository';
import { listen, openChatStream, sql } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

interface FeedbackRow {
  message_id: string;
  user_id: string;
  rating: string;
  reason: string | null;
  model: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Thumbs up or down on a reply version: PUT (give or replace) and DELETE /api/chat/messages/{id}/feedback. */
describe('chat feedback', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  let alice: AuthResponse;
  let bob: AuthResponse;
  const http = () => request(ctx.app.getHttpServer());
  const path = (messageId: string) => `/api/chat/messages/${messageId}/feedback`;

  /** One turn; the ids of its two messages. */
  async function turn(who: AuthResponse, message: string, conversationId?: string) {
    const stream = await openChatStream(baseUrl, who.token, {
      message,
      ...(conversationId ? { conversationId } : {}),
    });
    expect(stream.status).toBe(200);
    const events = await stream.ended;
    expect(events.at(-1)).toMatchObject({ done: true });
    return {
      conversationId: events[0].conversationId!,
      questionId: events[0].userMessageId!,
      replyId: events[0].assistantMessageId!,
    };
  }

  const rows = (messageId: string) =>
    sql<FeedbackRow>(ctx.databaseUrl, `SELECT * FROM chat_message_feedback WHERE message_id = $1`, [
      messageId,
    ]);
  const modelOf = async (messageId: string) =>
    (
      await sql<{ model: string | null }>(ctx.databaseUrl, `SELECT model FROM chat_messages WHERE id = $1`, [
        messageId,
      ])
    )[0].model;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('chatfeedback', {
      env: {
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
        AI_TIMEOUT_MS: '5000',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    baseUrl = await listen(ctx.app);
    alice = await registerUser(ctx.app, { prefix: 'fba' });
    bob = await registerUser(ctx.app, { prefix: 'fbb' });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('gives feedback with the model that wrote the reply, replaces it on a second PUT, and takes it back', async () => {
    const { replyId } = await turn(alice, 'How do I plant maize?');
    const model = await modelOf(replyId);
    expect(model).toBeTruthy();

    const given = await http().put(path(replyId)).set(bearer(alice)).send({ rating: 'up' }).expect(200);
    const first = given.body as ChatFeedback;
    expect(first).toEqual({ rating: 'up', reason: null, updatedAt: expect.any(String) });
    const [stored] = await rows(replyId);
    expect(stored).toMatchObject({ user_id: alice.user.id, rating: 'up', reason: null, model });
    expect(first.updatedAt).toBe(stored.updated_at.toISOString());

    // An edit is a second PUT: the same row, the new rating and reason (trimmed).
    const edited = (
      await http()
        .put(path(replyId))
        .set(bearer(alice))
        .send({ rating: 'down', reason: '  The dates are for another region.  ' })
        .expect(200)
    ).body as ChatFeedback;
    expect(edited).toMatchObject({ rating: 'down', reason: 'The dates are for another region.' });
    const after = await rows(replyId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ rating: 'down', reason: 'The dates are for another region.', model });
    expect(after[0].created_at.toISOString()).toBe(stored.created_at.toISOString());
    expect(after[0].updated_at.getTime()).toBeGreaterThan(stored.updated_at.getTime());

    // A blank or null reason is no reason.
    await http().put(path(replyId)).set(bearer(alice)).send({ rating: 'down', reason: '   ' }).expect(200);
    expect((await rows(replyId))[0].reason).toBeNull();
    await http().put(path(replyId)).set(bearer(alice)).send({ rating: 'up', reason: null }).expect(200);
    expect((await rows(replyId))[0]).toMatchObject({ rating: 'up', reason: null });

    await http().delete(path(replyId)).set(bearer(alice)).expect(204);
    expect(await rows(replyId)).toEqual([]);
    // Nothing to take back is fine too.
    await http().delete(path(replyId)).set(bearer(alice)).expect(204);
  });

  it('keeps one per user per reply version: each reply has its own', async () => {
    const first = await turn(alice, 'Which fertiliser for cassava?');
    const second = await turn(alice, 'And for yams?', first.conversationId);
    await http().put(path(first.replyId)).set(bearer(alice)).send({ rating: 'up' }).expect(200);
    await http()
      .put(path(second.replyId))
      .set(bearer(alice))
      .send({ rating: 'down', reason: 'Too vague' })
      .expect(200);
    await http()
      .put(path(second.replyId))
      .set(bearer(alice))
      .send({ rating: 'down', reason: 'Still vague' })
      .expect(200);

    const stored = await sql<FeedbackRow>(
      ctx.databaseUrl,
      `SELECT * FROM chat_message_feedback WHERE user_id = $1 AND message_id = ANY($2::uuid[]) ORDER BY rating DESC`,
      [alice.user.id, [first.replyId, second.replyId]],
    );
    expect(stored.map((row) => [row.message_id, row.rating, row.reason])).toEqual([
      [first.replyId, 'up', null],
      [second.replyId, 'down', 'Still vague'],
    ]);
  });

  it("the conversation shows the user's own feedback on each reply", async () => {
    const first = await turn(alice, 'When do cocoa pods ripen?');
    const second = await turn(alice, 'How do I dry the beans?', first.conversationId);
    await http()
      .put(path(second.replyId))
      .set(bearer(alice))
      .send({ rating: 'down', reason: 'No' })
      .expect(200);
    const shown = (
      await http().get(`/api/chat/conversations/${first.conversationId}`).set(bearer(alice)).expect(200)
    ).body as ChatMessage[];
    const feedbackOf = (id: string) => shown.find((message) => message.id === id)?.feedback ?? null;
    expect(feedbackOf(first.replyId)).toBeNull();
    expect(feedbackOf(second.replyId)).toEqual({
      rating: 'down',
      reason: 'No',
      updatedAt: expect.any(String),
    });
  });

  it("another user's reply or an unknown id is a 404, a user message a 400, and nothing changes", async () => {
    const { replyId, questionId } = await turn(alice, 'Is it too late to plant groundnuts?');
    await http().put(path(replyId)).set(bearer(alice)).send({ rating: 'up' }).expect(200);

    for (const attempt of [
      http().put(path(replyId)).set(bearer(bob)).send({ rating: 'down' }),
      http().delete(path(replyId)).set(bearer(bob)),
      http().put(path('7d0a4a5e-1111-4b2c-9c3d-123456789abc')).set(bearer(alice)).send({ rating: 'up' }),
    ]) {
      const response = await attempt.expect(404);
      expect(response.body.code).toBe('CHAT_MESSAGE_NOT_FOUND');
    }
    expect(await rows(replyId)).toEqual([expect.objectContaining({ user_id: alice.user.id, rating: 'up' })]);

    for (const attempt of [
      http().put(path(questionId)).set(bearer(alice)).send({ rating: 'up' }),
      http().delete(path(questionId)).set(bearer(alice)),
    ]) {
      const response = await attempt.expect(400);
      expect(response.body.code).toBe('CHAT_MESSAGE_NOT_REPLY');
    }
    expect(await rows(questionId)).toEqual([]);

    await http().put(path(replyId)).send({ rating: 'up' }).expect(401);
  });

  it('refuses a bad body or path with a clear 400 and stores nothing', async () => {
    const { replyId } = await turn(alice, 'What eats my tomato leaves?');
    const refusals: Array<[string, unknown, RegExp]> = [
      [path(replyId), { rating: 'meh' }, /rating must be 'up' or 'down'/],
      [path(replyId), {}, /rating must be 'up' or 'down'/],
      [
        path(replyId),
        { rating: 'up', reason: 'x'.repeat(CHAT_FEEDBACK_REASON_MAX_LENGTH + 1) },
        /at most 1000/,
      ],
      [path(replyId), { rating: 'up', reason: 42 }, /reason must be text/],
      [path(replyId), { rating: 'up', stars: 5 }, /stars/],
      [path('not-a-uuid'), { rating: 'up' }, /message id must be a UUID/],
    ];
    for (const [url, body, message] of refusals) {
      const response = await http()
        .put(url)
        .set(bearer(alice))
        .send(body as object)
        .expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.message).toMatch(message);
    }
    expect(await rows(replyId)).toEqual([]);

    // The longest reason allowed is kept whole.
    const longest = 'y'.repeat(CHAT_FEEDBACK_REASON_MAX_LENGTH);
    await http().put(path(replyId)).set(bearer(alice)).send({ rating: 'down', reason: longest }).expect(200);
    expect((await rows(replyId))[0].reason).toBe(longest);
  });

  it("goes with its conversation, and is in the user's data export", async () => {
    const { replyId, conversationId } = await turn(alice, 'How often should goats be dewormed?');
    await http()
      .put(path(replyId))
      .set(bearer(alice))
      .send({ rating: 'down', reason: 'Wrong dose' })
      .expect(200);

    const exported = await new ExportDataRepository(ctx.app.get(DataSource)).messages(
      alice.user.id,
      conversationId,
    );
    expect(exported.map((message) => message.feedback)).toEqual([
      null,
      {
        rating: 'down',
        reason: 'Wrong dose',
        model: await modelOf(replyId),
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      },
    ]);

    await http().delete(`/api/chat/conversations/${conversationId}`).set(bearer(alice)).expect(204);
    expect(await rows(replyId)).toEqual([]);
  });
});
