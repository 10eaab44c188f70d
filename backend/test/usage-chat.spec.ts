import request from 'supertest';
import type { AuthResponse } from '@kasa/contracts';
import { UsageService } from '../src/usage';
import { eventually, listen, openChatStream } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type TestApp } from './support/test-app';
import { bearer, registerUser } from './support/accounts';
import { MANY_SIGN_UPS, setClock, usedIn } from './support/usage-support';

const MID_MARCH = '2031-03-10T08:00:00.000Z';
const MARCH = '2031-03-01';

/** Chat sends against the real OpenAI adapter and a loopback model: which replies cost a message. */
describe('usage of chat replies', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  let restoreClock: () => void;
  const messagesUsed = (who: AuthResponse) => usedIn(ctx.databaseUrl, who.user.id, 'messagesPerMonth', MARCH);

  async function chat(who: AuthResponse, message: string) {
    const stream = await openChatStream(baseUrl, who.token, { message });
    expect(stream.status).toBe(200);
    return stream.ended;
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('usage_chat', {
      env: {
        ...MANY_SIGN_UPS,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '1',
        AI_TIMEOUT_MS: '5000',
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

  it('a failed model call gives the message back: the counter is where it was when the error arrives', async () => {
    const user = await registerUser(ctx.app, { prefix: 'usage' });
    await chat(user, 'First question');
    expect(await messagesUsed(user)).toBe(1);

    fake.script({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const failed = await chat(user, 'Is it going to rain?');
    expect(failed.at(-1)).toMatchObject({ error: expect.any(String), code: 'AI_UNAVAILABLE' });
    expect(await messagesUsed(user)).toBe(1);

    fake.script({ kind: 'drop', chunks: ['Plant', ' early'] });
    const dropped = await chat(user, 'When to plant beans?');
    expect(dropped.at(-1)).toMatchObject({ error: expect.any(String), code: 'AI_STOPPED_MID_REPLY' });
    expect(await messagesUsed(user)).toBe(1);
  });

  it('a failed reply at the limit leaves the last message of the month to use', async () => {
    const user = await registerUser(ctx.app, { prefix: 'usage' });
    await ctx.app.get(UsageService).reserve(user.user.id, 'messagesPerMonth', 49);
    fake.script({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    expect((await chat(user, 'Will it fail?')).at(-1)).toMatchObject({ error: expect.any(String) });
    expect((await chat(user, 'The fiftieth message')).at(-1)).toMatchObject({ done: true });
    const over = await openChatStream(baseUrl, user.token, { message: 'The fifty-first' });
    expect(over.status).toBe(429);
    expect(await messagesUsed(user)).toBe(50);
  });

  it('a stopped reply and a completed one each cost one message', async () => {
    const user = await registerUser(ctx.app, { prefix: 'usage' });
    expect((await chat(user, 'Quick one')).at(-1)).toMatchObject({ done: true });

    fake.script({ kind: 'stream', chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 100 });
    const stream = await openChatStream(baseUrl, user.token, { message: 'A slow answer please' });
    const { conversationId } = await stream.waitFor((event) => !!event.assistantMessageId);
    await stream.waitFor((event) => event.content !== undefined);
    await request(ctx.app.getHttpServer())
      .post(`/api/chat/conversations/${conversationId}/stop`)
      .set(bearer(user))
      .expect(200);
    expect((await stream.ended).at(-1)).toMatchObject({ done: true, stopped: true });
    await eventually(async () => (fake.requests.at(-1)!.abortedByClient ? true : undefined));
    expect(await messagesUsed(user)).toBe(2);
  });
});
