import request from 'supertest';
import type { AuthResponse, ChatMessage } from '@kasa/contracts';
import { listen, openChatStream, streamedText } from './chat-support';
import { GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * No model configured: the offline advisor answers, and the user's own past messages are one of
 * its knowledge sources ('conversations'), never another user's, never the message being answered.
 */
describe('chat with the offline advisor', () => {
  let ctx: TestApp;
  let baseUrl: string;
  const register = () => registerUser(ctx.app, { prefix: 'offline' });

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
    ctx = await createTestApp('chatoffline', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    expect(ctx.config.ai.chatEngine).toBe('offline');
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => ctx?.close());

  it("answers from the user's own earlier messages, saying no model is connected", async () => {
    const ama = await register();
    const kofi = await register();
    const earlier = await ask(ama, 'Our zebu herd needs the anthrax vaccine every March before the rains.');
    expect(earlier.text).toMatch(/No AI model is connected/);

    const answer = await ask(ama, 'When does my zebu herd need its vaccine?');
    expect(answer.text).toMatch(/No AI model is connected/);
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
    const first = await ask(esi, 'Hello there');
    expect(first.text).toContain('Ollama');

    const answer = await ask(esi, 'Does it work with Ollama and OpenRouter?');
    expect(answer.text).not.toContain('Conversation:');
    expect(answer.text).toContain('I found nothing relevant to your question in my sources');
  });
});
