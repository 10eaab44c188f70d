import request from 'supertest';
import type { AuthResponse, ChatFollowUps } from '@kasa/contracts';
import { eventually, listen, openChatStream, sql, streamedText } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const FOLLOW_UPS_ANSWER = [
  'Here are some questions you could ask next:',
  '1. "How deep should I plant maize seeds?"',
  '2) **Which maize variety resists drought?**',
  '- How much fertiliser per hectare?',
  '4. When should I harvest?',
];
const PARSED = [
  'How deep should I plant maize seeds?',
  'Which maize variety resists drought?',
  'How much fertiliser per hectare?',
];

/** One turn; its ids and the reply's text. */
async function turn(baseUrl: string, who: AuthResponse, message: string) {
  const stream = await openChatStream(baseUrl, who.token, { message });
  expect(stream.status).toBe(200);
  const events = await stream.ended;
  expect(events.at(-1)).toMatchObject({ done: true });
  return {
    conversationId: events[0].conversationId!,
    questionId: events[0].userMessageId!,
    replyId: events[0].assistantMessageId!,
    text: streamedText(events),
  };
}

const followUpsPath = (messageId: string) => `/api/chat/messages/${messageId}/follow-ups`;

/** Questions the user may ask next under a reply: GET /api/chat/messages/{id}/follow-ups. */
describe('chat follow-ups with a model connected', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  let alice: AuthResponse;
  let bob: AuthResponse;
  const http = () => request(ctx.app.getHttpServer());
  const followUps = async (who: AuthResponse, messageId: string) =>
    ((await http().get(followUpsPath(messageId)).set(bearer(who)).expect(200)).body as ChatFollowUps)
      .followUps;
  const stored = async (messageId: string) =>
    (
      await sql<{ follow_ups: string[] | null }>(
        ctx.databaseUrl,
        `SELECT follow_ups FROM chat_messages WHERE id = $1`,
        [messageId],
      )
    )[0].follow_ups;
  const usageOf = async (who: AuthResponse) =>
    Number(
      (
        await sql<{ used: string }>(
          ctx.databaseUrl,
          `SELECT coalesce(sum(used), 0) AS used FROM usage_counters WHERE user_id = $1`,
          [who.user.id],
        )
      )[0].used,
    );

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('chatfollowups', {
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
    alice = await registerUser(ctx.app, { prefix: 'fua' });
    bob = await registerUser(ctx.app, { prefix: 'fub' });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.fallback = { kind: 'stream', chunks: ['Plant', ' maize', ' when', ' the', ' rains', ' start.'] };
  });

  it('asks the model once, parses three suggestions, keeps them, and charges nothing', async () => {
    const { replyId } = await turn(baseUrl, alice, 'When should I plant maize?');
    const usedBefore = await usageOf(alice);
    const requestsBefore = fake.requests.length;
    fake.script({
      kind: 'stream',
      chunks: [FOLLOW_UPS_ANSWER.join('\n').slice(0, 60), FOLLOW_UPS_ANSWER.join('\n').slice(60)],
    });

    expect(await followUps(alice, replyId)).toEqual(PARSED);
    expect(fake.requests.length).toBe(requestsBefore + 1);
    const asked = fake.requests.at(-1)!.body;
    const model = (
      await sql<{ model: string }>(ctx.databaseUrl, `SELECT model FROM chat_messages WHERE id = $1`, [
        replyId,
      ])
    )[0].model;
    expect(asked.model).toBe(model ?? 'fake-model');
    expect(asked.messages![0]).toMatchObject({
      role: 'system',
      content: expect.stringMatching(/follow-up questions/),
    });
    expect(asked.messages![1].content).toContain('When should I plant maize?');
    expect(asked.messages![1].content).toContain('Plant maize when the rains start.');
    expect(await stored(replyId)).toEqual(PARSED);

    // Kept: the second request asks nobody.
    expect(await followUps(alice, replyId)).toEqual(PARSED);
    expect(fake.requests.length).toBe(requestsBefore + 1);
    expect(await usageOf(alice)).toBe(usedBefore);
  });

  it('makes one request for simultaneous requests of one reply', async () => {
    const { replyId } = await turn(baseUrl, alice, 'How do I store cassava?');
    const requestsBefore = fake.requests.length;
    fake.script({ kind: 'stream', chunks: ['Can I dry it?\n', 'How long does it keep?'], delayMs: 150 });
    const answers = await Promise.all([1, 2, 3].map(() => followUps(alice, replyId)));
    expect(answers).toEqual([1, 2, 3].map(() => ['Can I dry it?', 'How long does it keep?']));
    expect(fake.requests.length).toBe(requestsBefore + 1);
  });

  it('a failing model answers [] without keeping it, and a later request tries again', async () => {
    const { replyId } = await turn(baseUrl, alice, 'Why are my goats coughing?');
    const requestsBefore = fake.requests.length;
    fake.script({ kind: 'error', status: 503 });
    expect(await followUps(alice, replyId)).toEqual([]);
    expect(await stored(replyId)).toBeNull();

    fake.script({ kind: 'stream', chunks: ['Is it contagious?'] });
    expect(await followUps(alice, replyId)).toEqual(['Is it contagious?']);
    expect(fake.requests.length).toBe(requestsBefore + 2);
    expect(await stored(replyId)).toEqual(['Is it contagious?']);
  });

  it('a model that suggests nothing usable keeps [] and is not asked again', async () => {
    const { replyId } = await turn(baseUrl, alice, 'Thanks!');
    const requestsBefore = fake.requests.length;
    fake.script({ kind: 'stream', chunks: ['Here are some questions:\n\n'] });
    expect(await followUps(alice, replyId)).toEqual([]);
    expect(await stored(replyId)).toEqual([]);
    expect(await followUps(alice, replyId)).toEqual([]);
    expect(fake.requests.length).toBe(requestsBefore + 1);
  });

  it('a reply still being written has none yet; once finished it gets them', async () => {
    fake.script({ kind: 'stream', chunks: ['Water', ' them', ' at', ' dawn.'], delayMs: 300 });
    const stream = await openChatStream(baseUrl, alice.token, { message: 'When do I water tomatoes?' });
    const ids = await stream.waitFor((event) => Boolean(event.assistantMessageId));
    const replyId = ids.assistantMessageId!;
    const requestsBefore = fake.requests.length;
    expect(await followUps(alice, replyId)).toEqual([]);
    expect(await stored(replyId)).toBeNull();
    expect(fake.requests.length).toBe(requestsBefore);

    await stream.ended;
    await eventually(async () => {
      const [row] = await sql<{ status: string }>(
        ctx.databaseUrl,
        `SELECT status FROM chat_messages WHERE id = $1`,
        [replyId],
      );
      return row.status === 'complete' ? true : undefined;
    });
    fake.script({ kind: 'stream', chunks: ['How much water?'] });
    expect(await followUps(alice, replyId)).toEqual(['How much water?']);
  });

  it("another user's message is a 404, a user message a 400, a malformed id a 400", async () => {
    const { replyId, questionId } = await turn(baseUrl, alice, 'Best time to sell cocoa?');
    const requestsBefore = fake.requests.length;
    const notFound = await http().get(followUpsPath(replyId)).set(bearer(bob)).expect(404);
    expect(notFound.body.code).toBe('CHAT_MESSAGE_NOT_FOUND');
    const notReply = await http().get(followUpsPath(questionId)).set(bearer(alice)).expect(400);
    expect(notReply.body.code).toBe('CHAT_MESSAGE_NOT_REPLY');
    const malformed = await http().get(followUpsPath('nope')).set(bearer(alice)).expect(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    await http().get(followUpsPath(replyId)).expect(401);
    expect(fake.requests.length).toBe(requestsBefore);
    expect(await stored(replyId)).toBeNull();
  });
});

describe('chat follow-ups from the offline advisor', () => {
  let ctx: TestApp;
  let baseUrl: string;
  let ama: AuthResponse;
  const followUps = async (messageId: string) =>
    (
      (await request(ctx.app.getHttpServer()).get(followUpsPath(messageId)).set(bearer(ama)).expect(200))
        .body as ChatFollowUps
    ).followUps;

  beforeAll(async () => {
    ctx = await createTestApp('chatfollowupsoffline', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    expect(ctx.config.ai.chatEngine).toBe('offline');
    baseUrl = await listen(ctx.app);
    ama = await registerUser(ctx.app, { prefix: 'fuo' });
  });
  afterAll(() => ctx?.close());

  it('suggests related sources the reply did not quote, in English and in French', async () => {
    const english = await turn(baseUrl, ama, 'How much does the Pro plan cost, and how do I pay?');
    const suggested = await followUps(english.replyId);
    expect(suggested.length).toBeGreaterThan(0);
    for (const question of suggested) {
      expect(question).toMatch(/^Tell me more about /);
      expect(english.text).not.toContain(question.replace(/^Tell me more about /, ''));
    }
    // Kept, like a model's.
    expect(await followUps(english.replyId)).toEqual(suggested);

    const french = await turn(baseUrl, ama, 'Combien coûte le forfait Pro et comment payer ?');
    const suggestedFr = await followUps(french.replyId);
    expect(suggestedFr.length).toBeGreaterThan(0);
    for (const question of suggestedFr) expect(question).toMatch(/^Parlez-moi de /);
  });

  it('suggests nothing when the sources know nothing about the question', async () => {
    const { replyId, text } = await turn(baseUrl, ama, 'My cassava leaves have yellow mosaic patterns.');
    expect(text).toContain('I found nothing relevant');
    expect(await followUps(replyId)).toEqual([]);
  });
});
