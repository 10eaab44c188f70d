import request from 'supertest';
import type { AuthResponse, ChatMessage, ConversationSummary } from '@kasa/contracts';
import { ChatService } from '../src/chat';
import { FilesService } from '../src/files';
import type { User } from '../src/users';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(32)]);

/** A feature's results as messages of a conversation: files named by id, links signed on read. */
describe('chat messages with an image or audio', () => {
  let ctx: TestApp;
  let alice: AuthResponse;
  let bob: AuthResponse;
  let chat: ChatService;
  let files: FilesService;
  const asUser = (who: AuthResponse) => ({ id: who.user.id }) as User;

  beforeAll(async () => {
    ctx = await createTestApp('chatmedia', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
    alice = await registerUser(ctx.app, { prefix: 'media' });
    bob = await registerUser(ctx.app, { prefix: 'media' });
    chat = ctx.app.get(ChatService);
    files = ctx.app.get(FilesService);
  });
  afterAll(() => ctx?.close());

  async function newConversation(who: AuthResponse): Promise<string> {
    const sent = await request(ctx.app.getHttpServer())
      .post('/api/chat')
      .set(bearer(who))
      .send({ message: 'Hello' })
      .expect(200);
    return /"conversationId":"([^"]+)"/.exec(sent.text)![1];
  }

  const server = () => ctx.app.getHttpServer();
  const read = async (who: AuthResponse, id: string) =>
    (await request(server()).get(`/api/chat/conversations/${id}`).set(bearer(who)).expect(200)).body as ChatMessage[];

  it('are there after a reload, in order, with links that serve the bytes', async () => {
    const conversationId = await newConversation(alice);
    const image = await files.store(alice.user.id, { kind: 'image', contentType: 'image/png', body: PNG, conversationId });
    const recording = await files.store(alice.user.id, {
      kind: 'recording',
      contentType: 'audio/wav',
      body: WAV,
      conversationId,
    });
    await chat.appendMessages(asUser(alice), conversationId, [
      { role: 'user', content: 'A field of maize at sunrise' },
      { role: 'assistant', content: 'Here is your image.', mediaFileId: image.id, mediaType: 'image' },
      { role: 'user', content: 'Plant in rows', audioFileId: recording.id, transcription: 'Plant in rows' },
    ]);

    const stored = await read(alice, conversationId);
    const added = stored.slice(-3);
    expect(added.map((m) => [m.role, m.content])).toEqual([
      ['user', 'A field of maize at sunrise'],
      ['assistant', 'Here is your image.'],
      ['user', 'Plant in rows'],
    ]);
    expect(added[0]).toMatchObject({ mediaUrl: null, audioUrl: null, status: 'complete' });
    expect(added[1]).toMatchObject({ mediaType: 'image', audioUrl: null });
    expect(added[2]).toMatchObject({ mediaUrl: null, mediaType: null, transcription: 'Plant in rows' });

    const imageAnswer = await request(server()).get(added[1].mediaUrl!).expect(200);
    expect(imageAnswer.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(imageAnswer.body as Buffer, PNG)).toBe(0);
    const audioAnswer = await request(server()).get(added[2].audioUrl!).buffer(true).expect(200);
    expect(audioAnswer.headers['content-type']).toBe('audio/wav');

    // The conversation moved to the top of the list.
    const list = (await request(server()).get('/api/chat/conversations').set(bearer(alice)).expect(200))
      .body as ConversationSummary[];
    expect(list[0].id).toBe(conversationId);
  });

  it("cannot add to another user's conversation", async () => {
    const conversationId = await newConversation(alice);
    await expect(
      chat.appendMessages(asUser(bob), conversationId, [{ role: 'user', content: 'intruder' }]),
    ).rejects.toMatchObject({ response: { code: 'CHAT_CONVERSATION_NOT_FOUND' } });
    expect((await read(alice, conversationId)).map((m) => m.content)).not.toContain('intruder');
  });

  it('a deleted conversation takes its files with it: old links no longer serve', async () => {
    const conversationId = await newConversation(alice);
    const image = await files.store(alice.user.id, { kind: 'image', contentType: 'image/png', body: PNG, conversationId });
    await chat.appendMessages(asUser(alice), conversationId, [
      { role: 'assistant', content: 'Image', mediaFileId: image.id, mediaType: 'image' },
    ]);
    const link = (await read(alice, conversationId)).at(-1)!.mediaUrl!;
    await request(server()).get(link).expect(200);
    await request(server()).delete(`/api/chat/conversations/${conversationId}`).set(bearer(alice)).expect(204);
    await request(server()).get(link).expect(404);
  });
});
