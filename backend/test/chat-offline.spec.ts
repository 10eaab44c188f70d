import request from 'supertest';
import {
  type AuthResponse,
  type ChatMessage,
  type ChatModelsResponse,
  type ChatStreamEvent,
  chatRegeneratePath,
  chatReplyStreamPath,
} from '@kasa/contracts';
import { listen, openChatStream, streamedText } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { setClock, usedIn } from './support/usage-support';

/** ADMIN_USERNAMES of this file. */
const ADMIN = 'offline_admin';
const MID_MARCH = '2031-03-10T08:00:00.000Z';
const MARCH = '2031-03-01';
/** What an operator sets: only an administrator ever reads it, never in a reply. */
const SET_UP_TEXT = /No AI model is connected|OPENAI_BASE_URL|OPENAI_API_KEY|CHAT_MODEL|README|Ollama/;

/**
 * No model configured: the offline advisor answers, and the user's own past messages are one of
 * its knowledge sources ('conversations'), never another user's, never the message being answered.
 * Replies carry no set-up text (GET /api/chat/models says the chat is offline, and to an
 * administrator what to set), and a reply that found nothing costs no message.
 */
describe('chat with the offline advisor', () => {
  let ctx: TestApp;
  let baseUrl: string;
  const register = () => registerUser(ctx.app, { prefix: 'offline' });
  const http = () => request(ctx.app.getHttpServer());

  async function ask(who: AuthResponse, message: string, conversationId?: string) {
    const stream = await openChatStream(baseUrl, who.token, {
      message,
      ...(conversationId ? { conversationId } : {}),
    });
    expect(stream.status).toBe(200);
    const events = await stream.ended;
    expect(events.at(-1)).toMatchObject({ done: true });
    return { events, text: streamedText(events), conversationId: events[0].conversationId! };
  }

  beforeAll(async () => {
    ctx = await createTestApp('chatoffline', {
      env: { ADMIN_USERNAMES: ADMIN },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    expect(ctx.config.ai.chatEngine).toBe('offline');
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => ctx?.close());

  it("answers from the user's own earlier messages, with no set-up text", async () => {
    const ama = await register();
    const kofi = await register();
    const earlier = await ask(ama, 'Our zebu herd needs the anthrax vaccine every March before the rains.');
    expect(earlier.text).not.toMatch(SET_UP_TEXT);

    const answer = await ask(ama, 'When does my zebu herd need its vaccine?');
    expect(answer.text.startsWith('Here is what I found about your question:')).toBe(true);
    expect(answer.text).not.toMatch(SET_UP_TEXT);
    expect(answer.text).toContain(
      'Conversation: Our zebu herd needs the anthrax vaccine every March before…',
    );
    expect(answer.text).toContain('anthrax vaccine every March');
    // The question being answered is not quoted back as knowledge.
    expect(answer.text).not.toContain('When does my zebu herd');

    const stored = (
      await request(ctx.app.getHttpServer())
        .get(`/api/chat/conversations/${answer.conversationId}`)
        .set('Authorization', `Bearer ${ama.token}`)
        .expect(200)
    ).body as ChatMessage[];
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', status: 'complete', content: answer.text });

    const other = await ask(kofi, 'When does my zebu herd need its vaccine?');
    expect(other.text).not.toContain('anthrax');
    expect(other.text).not.toContain('Conversation:');
  });

  it('quotes no past message that shares a word but not the topic, and says what it searched', async () => {
    const abena = await register();
    await ask(abena, 'The yellow maize in the north field is ready to harvest.');

    const answer = await ask(
      abena,
      'My cassava leaves are turning yellow with mosaic patterns. What should I do?',
    );
    expect(answer.text).not.toContain('Conversation:');
    expect(answer.text).not.toContain('north field');
    expect(answer.text).not.toContain('](/legal/');
    expect(answer.text).toContain('I found nothing relevant to your question in my sources');
    expect(answer.text).toContain("- Kasa's legal pages and pricing");
    expect(answer.text).toContain('- your earlier conversations');
  });

  it("does not quote its own earlier replies back as the user's conversations", async () => {
    const esi = await register();
    const first = await ask(esi, 'Where do zebu graze?');
    expect(first.text).toContain('- your earlier conversations');

    const answer = await ask(esi, 'Tell me about those sources and earlier conversations');
    expect(answer.text).not.toContain('Conversation:');
    expect(answer.text).toContain('I found nothing relevant to your question in my sources');
  });

  describe('the message a reply costs', () => {
    let restoreClock: () => void;
    beforeEach(() => (restoreClock = setClock(ctx.app, MID_MARCH)));
    afterEach(() => restoreClock());
    const messagesUsed = (who: AuthResponse) =>
      usedIn(ctx.databaseUrl, who.user.id, 'messagesPerMonth', MARCH);

    /** A regenerate's or a resume's SSE events (each ends once the reply has ended). */
    async function eventsOf(
      who: AuthResponse,
      method: 'GET' | 'POST',
      path: string,
    ): Promise<ChatStreamEvent[]> {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...bearer(who) },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(response.status).toBe(200);
      return (await response.text())
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent);
    }

    it('counts a reply that found something, and not one that found nothing, once, however it is read again', async () => {
      const kwame = await register();
      const found = await ask(kwame, 'How much does Pro cost?');
      expect(found.text).toContain('](/legal/pricing)');
      expect(await messagesUsed(kwame)).toBe(1);

      const nothing = await ask(kwame, 'My cassava leaves are turning yellow with mosaic patterns.');
      expect(nothing.text).toContain('This question was not counted in your monthly messages.');
      expect(await messagesUsed(kwame)).toBe(1);

      // Resumed from its start: read again, never given back twice.
      const replyId = nothing.events[0].assistantMessageId!;
      const resumed = await eventsOf(kwame, 'GET', chatReplyStreamPath(replyId));
      expect(streamedText(resumed)).toBe(nothing.text);
      expect(await messagesUsed(kwame)).toBe(1);

      // Retried: a new version is taken from the quota and given back again, once.
      const retried = await eventsOf(kwame, 'POST', chatRegeneratePath(replyId));
      expect(retried.at(-1)).toMatchObject({ done: true });
      expect(streamedText(retried)).toContain('I found nothing relevant');
      expect(await messagesUsed(kwame)).toBe(1);

      // A stored French one too.
      const french = await ask(kwame, 'Où est le xylophone du quokka ?');
      expect(french.text).toContain("Cette question n'a pas été comptée dans vos messages du mois.");
      expect(await messagesUsed(kwame)).toBe(1);
    });

    it("leaves a new user's month at zero after a first question that finds nothing", async () => {
      const yaa = await register();
      await ask(yaa, 'Where is the xylophone of the quokka?');
      expect(await messagesUsed(yaa)).toBe(0);
    });
  });

  describe('GET /api/chat/models', () => {
    const modelsOf = async (who: AuthResponse) =>
      (await http().get('/api/chat/models').set(bearer(who)).expect(200)).body as ChatModelsResponse;

    it('says the chat answers without a model, and names the settings to an administrator alone', async () => {
      const user = await register();
      expect(await modelsOf(user)).toEqual({
        models: [expect.objectContaining({ id: 'offline-advisor' })],
        defaultModel: 'offline-advisor',
        offline: {},
      });
      const admin = (
        await http().post('/api/auth/register').send({ username: ADMIN, password: 'secret123' }).expect(201)
      ).body as AuthResponse;
      expect((await modelsOf(admin)).offline).toEqual({
        configure: ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CHAT_MODEL'],
      });
    });
  });
});
