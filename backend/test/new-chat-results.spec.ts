import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  type AuthResponse,
  type ChatMessage,
  type ConversationSummary,
  IDEMPOTENCY_KEY_HEADER,
  type TranscriptionResult,
  type UsageFeature,
} from '@kasa/contracts';
import { CONVERSATION_CHOICE_INVALID, NEW_CONVERSATION_ID_INVALID } from '../src/common';
import { IMAGE_CAPTION } from '../src/media/media.service';
import { SPEECH_CAPTION } from '../src/voice/voice.service';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { goForwardWav } from './support/speech-samples';
import { setClock, usedIn } from './support/usage-support';

const MID_MARCH = '2031-03-10T08:00:00.000Z';
const MARCH = '2031-03-01';

/**
 * A quick action's result from a new chat (no conversation open), with the real database: the id
 * the app chose for the new chat names the conversation the result starts.
 *
 * POST /api/media/generate from a new chat (the chat's Generate Image quick action with no
 * conversation open): the id the app chose for the new chat names the conversation the prompt and
 * the image start, with the offline illustrator and the real database.
 */
describe('an image that starts a new chat', () => {
  let ctx: TestApp;
  let restoreClock: () => void;

  beforeAll(async () => {
    ctx = await createTestApp('media_new_chat', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    restoreClock = setClock(ctx.app, MID_MARCH);
  });
  afterAll(async () => {
    restoreClock?.();
    await ctx?.close();
  });

  const http = () => request(ctx.app.getHttpServer());
  const generate = (who: AuthResponse, body: object, key?: string) => {
    const call = http().post('/api/media/generate').set(bearer(who));
    return (key ? call.set(IDEMPOTENCY_KEY_HEADER, key) : call).send(body);
  };
  const used = (who: AuthResponse, feature: UsageFeature) =>
    usedIn(ctx.databaseUrl, who.user.id, feature, MARCH);
  const conversations = async (who: AuthResponse) =>
    (await http().get('/api/chat/conversations').set(bearer(who)).expect(200)).body as ConversationSummary[];
  const messagesOf = async (who: AuthResponse, id: string) =>
    (await http().get(`/api/chat/conversations/${id}`).set(bearer(who)).expect(200)).body as ChatMessage[];
  const filesOf = (who: AuthResponse) =>
    sql<{ conversation_id: string | null }>(
      ctx.databaseUrl,
      'SELECT conversation_id FROM files WHERE user_id = $1',
      [who.user.id],
    );

  it('starts the conversation, titled from the prompt, with the prompt and the image, charging no message', async () => {
    const user = await registerUser(ctx.app, { prefix: 'newchat' });
    const newConversationId = randomUUID();
    await generate(user, { prompt: 'A field of maize at sunrise', type: 'image', newConversationId }).expect(
      200,
    );

    expect(await conversations(user)).toEqual([
      expect.objectContaining({ id: newConversationId, title: 'A field of maize at sunrise' }),
    ]);
    const messages = await messagesOf(user, newConversationId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'A field of maize at sunrise'],
      ['assistant', IMAGE_CAPTION],
    ]);
    expect(messages[1]).toMatchObject({
      mediaType: 'image',
      mediaUrl: expect.stringMatching(/^\/api\/files\//),
    });
    expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
    expect(await used(user, 'messagesPerMonth')).toBe(0);

    // The image belongs to the conversation: it goes with it.
    expect(await filesOf(user)).toEqual([{ conversation_id: newConversationId }]);
    await http().delete(`/api/chat/conversations/${newConversationId}`).set(bearer(user)).expect(204);
    expect(await filesOf(user)).toEqual([]);
  });

  it('two images at once from one new chat make one conversation holding both', async () => {
    const user = await registerUser(ctx.app, { prefix: 'newchat' });
    const newConversationId = randomUUID();
    await Promise.all([
      generate(user, { prompt: 'A goat', type: 'image', newConversationId }, randomUUID()).expect(200),
      generate(user, { prompt: 'A hen', type: 'image', newConversationId }, randomUUID()).expect(200),
    ]);

    const list = await conversations(user);
    expect(list.map((c) => c.id)).toEqual([newConversationId]);
    const messages = await messagesOf(user, newConversationId);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(
      messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .sort(),
    ).toEqual(['A goat', 'A hen']);
    expect(await used(user, 'mediaGenerationsPerMonth')).toBe(2);
  });

  it('a retry with the same Idempotency-Key adds nothing and charges nothing more', async () => {
    const user = await registerUser(ctx.app, { prefix: 'newchat' });
    const newConversationId = randomUUID();
    const key = randomUUID();
    const body = { prompt: 'Cassava leaves', type: 'image', newConversationId };
    const first = await generate(user, body, key).expect(200);
    const again = await generate(user, body, key).expect(200);

    expect(new URL(again.body.url, 'http://x').pathname).toBe(new URL(first.body.url, 'http://x').pathname);
    expect(await messagesOf(user, newConversationId)).toHaveLength(2);
    expect(await conversations(user)).toHaveLength(1);
    expect(await used(user, 'mediaGenerationsPerMonth')).toBe(1);
  });

  it("another user's conversation id is a 404 before anything is charged", async () => {
    const owner = await registerUser(ctx.app, { prefix: 'newchat' });
    const intruder = await registerUser(ctx.app, { prefix: 'newchat' });
    const newConversationId = randomUUID();
    await generate(owner, { prompt: 'My goats', type: 'image', newConversationId }).expect(200);

    const refused = await generate(intruder, { prompt: 'Sneaky', type: 'image', newConversationId }).expect(
      404,
    );
    expect(refused.body).toMatchObject({ code: 'CHAT_CONVERSATION_NOT_FOUND' });
    expect(await used(intruder, 'mediaGenerationsPerMonth')).toBe(0);
    expect(await filesOf(intruder)).toEqual([]);
    expect(await messagesOf(owner, newConversationId)).toHaveLength(2);
  });

  it.each([
    ['a newConversationId that is no UUID', { newConversationId: 'abc' }, NEW_CONVERSATION_ID_INVALID],
    [
      'both a conversationId and a newConversationId',
      { conversationId: randomUUID(), newConversationId: randomUUID() },
      CONVERSATION_CHOICE_INVALID,
    ],
  ])('answers %s with a 400 that charges nothing', async (_case, fields, message) => {
    const user = await registerUser(ctx.app, { prefix: 'newchat' });
    const refused = await generate(user, { prompt: 'A cat', type: 'image', ...fields }).expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await used(user, 'mediaGenerationsPerMonth')).toBe(0);
    expect(await conversations(user)).toEqual([]);
  });
});

/**
 * POST /api/voice/transcribe and /api/voice/speak from a new chat, with pocketsphinx and eSpeak NG:
 * the recording, or the text and its speech, start it.
 */
describe('a transcription or speech that starts a new chat', () => {
  let ctx: TestApp;
  let wav: Buffer;

  beforeAll(async () => {
    ctx = await createTestApp('voice_new_chat', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    wav = await goForwardWav();
  });
  afterAll(() => ctx?.close());

  const http = () => request(ctx.app.getHttpServer());
  const transcribe = (who: AuthResponse, fields: Record<string, string>) => {
    const call = http().post('/api/voice/transcribe').set(bearer(who));
    for (const [name, value] of Object.entries(fields)) void call.field(name, value);
    return call.attach('audio', wav, { filename: 'recording.wav', contentType: 'audio/wav' });
  };
  const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;
  const uploads = (who: AuthResponse) =>
    usedIn(ctx.databaseUrl, who.user.id, 'audioUploadsPerMonth', thisMonth());

  it('starts the conversation with the recording and its transcription, titled from it', async () => {
    const user = await registerUser(ctx.app, { prefix: 'newchat' });
    const newConversationId = randomUUID();
    const { transcription } = (await transcribe(user, { newConversationId }).expect(200))
      .body as TranscriptionResult;
    expect(transcription).toMatch(/\bforward\b/);

    const list = (await http().get('/api/chat/conversations').set(bearer(user)).expect(200))
      .body as ConversationSummary[];
    expect(list).toEqual([expect.objectContaining({ id: newConversationId, title: transcription })]);
    const messages = (
      await http().get(`/api/chat/conversations/${newConversationId}`).set(bearer(user)).expect(200)
    ).body as ChatMessage[];
    expect(messages).toEqual([
      expect.objectContaining({
        role: 'user',
        content: transcription,
        transcription,
        audioUrl: expect.any(String),
      }),
    ]);
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'messagesPerMonth', thisMonth())).toBe(0);
    const files = await sql<{ conversation_id: string }>(
      ctx.databaseUrl,
      'SELECT conversation_id FROM files WHERE user_id = $1',
      [user.user.id],
    );
    expect(files).toEqual([{ conversation_id: newConversationId }]);
  });

  const speak = (who: AuthResponse, body: object) =>
    http().post('/api/voice/speak').set(bearer(who)).send(body);
  const messagesOf = async (who: AuthResponse, id: string) =>
    (await http().get(`/api/chat/conversations/${id}`).set(bearer(who)).expect(200)).body as ChatMessage[];

  it('speech starts the conversation with the text and the audio, titled from the text; then joins it', async () => {
    const user = await registerUser(ctx.app, { prefix: 'newchat' });
    const newConversationId = randomUUID();
    await speak(user, { text: 'Plant maize when the rains begin.', newConversationId }).expect(200);

    const list = (await http().get('/api/chat/conversations').set(bearer(user)).expect(200))
      .body as ConversationSummary[];
    expect(list).toEqual([
      expect.objectContaining({ id: newConversationId, title: 'Plant maize when the rains begin.' }),
    ]);
    let messages = await messagesOf(user, newConversationId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Plant maize when the rains begin.'],
      ['assistant', SPEECH_CAPTION],
    ]);
    expect(messages[1].audioUrl).toMatch(/^\/api\/files\//);
    expect(await usedIn(ctx.databaseUrl, user.user.id, 'messagesPerMonth', thisMonth())).toBe(0);

    // With the conversation open, the next speech joins it.
    await speak(user, { text: 'Harvest in the dry season.', conversationId: newConversationId }).expect(200);
    messages = await messagesOf(user, newConversationId);
    expect(messages.map((m) => m.content)).toEqual([
      'Plant maize when the rains begin.',
      SPEECH_CAPTION,
      'Harvest in the dry season.',
      SPEECH_CAPTION,
    ]);
    const files = await sql<{ conversation_id: string }>(
      ctx.databaseUrl,
      'SELECT conversation_id FROM files WHERE user_id = $1',
      [user.user.id],
    );
    expect(files).toEqual([{ conversation_id: newConversationId }, { conversation_id: newConversationId }]);
  });

  it("speech: another user's conversation is a 404, both ids a 400, charging nothing", async () => {
    const owner = await registerUser(ctx.app, { prefix: 'newchat' });
    const intruder = await registerUser(ctx.app, { prefix: 'newchat' });
    const newConversationId = randomUUID();
    await speak(owner, { text: 'Mine', newConversationId }).expect(200);
    for (const field of ['conversationId', 'newConversationId'])
      expect(
        (await speak(intruder, { text: 'Sneaky', [field]: newConversationId }).expect(404)).body,
      ).toMatchObject({
        code: 'CHAT_CONVERSATION_NOT_FOUND',
      });
    const both = await speak(intruder, {
      text: 'Both',
      conversationId: randomUUID(),
      newConversationId: randomUUID(),
    }).expect(400);
    expect(both.body).toMatchObject({ code: 'VALIDATION_FAILED', message: CONVERSATION_CHOICE_INVALID });
    expect(await usedIn(ctx.databaseUrl, intruder.user.id, 'voiceMinutesPerMonth', thisMonth())).toBe(0);
    expect(await messagesOf(owner, newConversationId)).toHaveLength(2);
  });

  it("another user's conversation id is a 404, both ids or a bad one a 400, charging nothing", async () => {
    const owner = await registerUser(ctx.app, { prefix: 'newchat' });
    const intruder = await registerUser(ctx.app, { prefix: 'newchat' });
    const newConversationId = randomUUID();
    await transcribe(owner, { newConversationId }).expect(200);

    const refused = await transcribe(intruder, { newConversationId }).expect(404);
    expect(refused.body).toMatchObject({ code: 'CHAT_CONVERSATION_NOT_FOUND' });
    const both = await transcribe(intruder, {
      conversationId: randomUUID(),
      newConversationId: randomUUID(),
    }).expect(400);
    expect(both.body).toMatchObject({ code: 'VALIDATION_FAILED', message: CONVERSATION_CHOICE_INVALID });
    const bad = await transcribe(intruder, { newConversationId: 'abc' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: NEW_CONVERSATION_ID_INVALID });
    expect(await uploads(intruder)).toBe(0);
  });
});
