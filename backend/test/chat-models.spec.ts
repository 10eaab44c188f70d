import request from 'supertest';
import {
  type AuthResponse,
  type ChatMessage,
  type ChatModelsResponse,
  chatRegeneratePath,
  type ConversationSummary,
} from '@kasa/contracts';
import { listen, openChatStream } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type TestApp } from './support/test-app';
import { bearer, registerUser } from './support/accounts';
import { MANY_SIGN_UPS, setClock, storeProPeriod, usedIn } from './support/usage-support';

const MID_MARCH = '2031-03-10T08:00:00.000Z';
const MARCH = '2031-03-01';
/** Provider names with the characters real ones have (':' '/' '.' '-'). */
const FAST = 'fake-fast:1b';
const LARGE = 'acme/fake-large-2.5';

/** GET /api/chat/models and the model a send goes to, with a default for every plan and a Pro-only model. */
describe('chat models per plan', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  let restoreClock: () => void;
  const http = () => request(ctx.app.getHttpServer());

  const listModels = async (who: AuthResponse) =>
    (await http().get('/api/chat/models').set(bearer(who)).expect(200)).body as ChatModelsResponse;
  const messagesUsed = (who: AuthResponse) => usedIn(ctx.databaseUrl, who.user.id, 'messagesPerMonth', MARCH);
  const conversationsOf = async (who: AuthResponse) =>
    (await http().get('/api/chat/conversations').set(bearer(who)).expect(200)).body as ConversationSummary[];

  async function proUser(): Promise<AuthResponse> {
    const who = await registerUser(ctx.app, { prefix: 'models' });
    await storeProPeriod(ctx.databaseUrl, who.user.id, new Date('2031-04-10T08:00:00.000Z'));
    return who;
  }

  /** Sends a message; the reply must finish. Answers the conversation's id. */
  async function send(who: AuthResponse, body: { message: string; model?: string; conversationId?: string }) {
    const stream = await openChatStream(baseUrl, who.token, body);
    expect(stream.status).toBe(200);
    const events = await stream.ended;
    expect(events.at(-1)).toMatchObject({ done: true });
    return events.find((event) => event.conversationId)!.conversationId!;
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('chat_models', {
      env: {
        ...MANY_SIGN_UPS,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODELS: `${FAST}|Fast|basic,pro; ${LARGE}|Large|pro`,
        AI_MAX_RETRIES: '0',
      },
    });
    baseUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => {
    restoreClock = setClock(ctx.app, MID_MARCH);
  });
  afterEach(() => restoreClock());

  it('needs a signed-in user', async () => {
    await http().get('/api/chat/models').expect(401);
  });

  it("lists the models in the operator's order; a Basic user may not use the Pro-only one", async () => {
    const basic = await registerUser(ctx.app, { prefix: 'models' });
    const response = await http().get('/api/chat/models').set(bearer(basic)).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      models: [
        { id: FAST, name: 'Fast', plans: ['BASIC_PLAN', 'PRO_PLAN'], allowed: true },
        { id: LARGE, name: 'Large', plans: ['PRO_PLAN'], allowed: false },
      ],
      defaultModel: FAST,
    });
  });

  it('a Pro user may use every model; once the Pro period is over, only the default again', async () => {
    const pro = await proUser();
    expect((await listModels(pro)).models.map((model) => model.allowed)).toEqual([true, true]);
    restoreClock();
    restoreClock = setClock(ctx.app, '2031-04-11T08:00:00.000Z');
    expect((await listModels(pro)).models.map((model) => model.allowed)).toEqual([true, false]);
  });

  it('refuses a Basic send to the Pro-only model with 403, charging nothing and storing nothing', async () => {
    const basic = await registerUser(ctx.app, { prefix: 'models' });
    const requestsBefore = fake.requests.length;
    const response = await http()
      .post('/api/chat')
      .set(bearer(basic))
      .send({ message: 'Which fertiliser for cassava?', model: LARGE })
      .expect(403);
    expect(response.body).toMatchObject({ code: 'CHAT_MODEL_NOT_ALLOWED' });
    expect(await messagesUsed(basic)).toBe(0);
    expect(await conversationsOf(basic)).toEqual([]);
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it('refuses a model that is not configured with 400 (ids are exact), charging nothing', async () => {
    const pro = await proUser();
    for (const model of ['gpt-4o', LARGE.toUpperCase()]) {
      const response = await http()
        .post('/api/chat')
        .set(bearer(pro))
        .send({ message: 'Hello', model })
        .expect(400);
      expect(response.body).toMatchObject({ code: 'CHAT_MODEL_UNKNOWN' });
    }
    await http().post('/api/chat').set(bearer(pro)).send({ message: 'Hello', model: 42 }).expect(400);
    expect(await messagesUsed(pro)).toBe(0);
    expect(await conversationsOf(pro)).toEqual([]);
  });

  it("sends a Pro user's choice to the provider, and keeps it as the conversation's model", async () => {
    const pro = await proUser();
    const conversationId = await send(pro, { message: 'How deep do I plant yams?', model: LARGE });
    expect(fake.requests.at(-1)!.body.model).toBe(LARGE);
    expect((await conversationsOf(pro)).find((c) => c.id === conversationId)).toMatchObject({ model: LARGE });

    await send(pro, { message: 'And how far apart?', conversationId });
    expect(fake.requests.at(-1)!.body.model).toBe(LARGE);
    expect(await messagesUsed(pro)).toBe(2);
  });

  /** POST …/regenerate read to its end: the status and the body's text (an SSE stream or a JSON error). */
  async function regenerate(who: AuthResponse, replyId: string, body: Record<string, unknown>) {
    const response = await fetch(`${baseUrl}${chatRegeneratePath(replyId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${who.token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  const shownReplies = async (who: AuthResponse, conversationId: string) =>
    (
      (await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(who)).expect(200))
        .body as ChatMessage[]
    ).filter((message) => message.role === 'assistant');

  it('a new version of a reply may ask another model: Pro gets it and the version records it; Basic is refused, charged nothing', async () => {
    const pro = await proUser();
    const conversationId = await send(pro, { message: 'When do I harvest cassava?' });
    const [first] = await shownReplies(pro, conversationId);
    expect(first).toMatchObject({ model: FAST, modelName: 'Fast' });

    const again = await regenerate(pro, first.id, { model: LARGE });
    expect(again.status).toBe(200);
    expect(again.text).toContain('"done":true');
    expect(fake.requests.at(-1)!.body.model).toBe(LARGE);
    const [second] = await shownReplies(pro, conversationId);
    expect(second).toMatchObject({ model: LARGE, modelName: 'Large', versionIds: [first.id, second.id] });
    expect(await messagesUsed(pro)).toBe(2);

    const basic = await registerUser(ctx.app, { prefix: 'models' });
    const basicConversation = await send(basic, { message: 'When do I harvest yams?' });
    const [basicReply] = await shownReplies(basic, basicConversation);
    const requestsBefore = fake.requests.length;
    const refused = await regenerate(basic, basicReply.id, { model: LARGE });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'CHAT_MODEL_NOT_ALLOWED' });
    expect(fake.requests.length).toBe(requestsBefore);
    expect(await messagesUsed(basic)).toBe(1);
    expect((await shownReplies(basic, basicConversation))[0].versionIds).toBeUndefined();
  });

  it('a send without a model goes to the default', async () => {
    const basic = await registerUser(ctx.app, { prefix: 'models' });
    await send(basic, { message: 'When does the rainy season start?' });
    expect(fake.requests.at(-1)!.body.model).toBe(FAST);
  });
});

describe('chat models without an AI server', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('chat_models_offline', { env: { CHAT_MODELS: 'a|A|basic,pro; b|B|pro' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('offers the offline advisor alone (no picker)', async () => {
    const user = await registerUser(ctx.app, { prefix: 'models' });
    const response = await request(ctx.app.getHttpServer())
      .get('/api/chat/models')
      .set(bearer(user))
      .expect(200);
    expect(response.body).toEqual({
      models: [
        {
          id: 'offline-advisor',
          name: 'Kasa offline advisor',
          plans: ['BASIC_PLAN', 'PRO_PLAN'],
          allowed: true,
        },
      ],
      defaultModel: 'offline-advisor',
      // The chat's no-model notice reads this; only an administrator gets the settings to set.
      offline: {},
    });
  });
});
