import request from 'supertest';
import type { AuthResponse, ChatConversationExport, ChatMessage } from '@kasa/contracts';
import { ChatService } from '../src/chat';
import { FilesService } from '../src/files';
import type { User } from '../src/users';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const REPLY = '## Spacing\n\n- **75 cm** between rows\n- 25 cm between plants';

/** GET /api/chat/conversations/{id}/export?format=markdown|json: one conversation as a download. */
describe('exporting a conversation', () => {
  let ctx: TestApp;
  let alice: AuthResponse;
  let bob: AuthResponse;
  let conversationId: string;
  let shown: ChatMessage[];
  const http = () => request(ctx.app.getHttpServer());
  const exportPath = (id: string, query = '') => `/api/chat/conversations/${id}/export${query}`;

  beforeAll(async () => {
    ctx = await createTestApp('chatexport', {
      env: { APP_NAME: 'Kasa Test', ASSISTANT_NAME: 'Mkulima' },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    alice = await registerUser(ctx.app, { prefix: 'expa' });
    bob = await registerUser(ctx.app, { prefix: 'expb' });

    const sent = await http().post('/api/chat').set(bearer(alice)).send({ message: 'Hello' }).expect(200);
    conversationId = /"conversationId":"([^"]+)"/.exec(sent.text)![1];
    const image = await ctx.app.get(FilesService).store(alice.user.id, {
      kind: 'image',
      contentType: 'image/png',
      body: PNG,
      conversationId,
    });
    await ctx.app.get(ChatService).appendMessages({ id: alice.user.id } as User, conversationId, [
      { role: 'user', content: 'How far apart should maize rows be?' },
      { role: 'assistant', content: REPLY },
      { role: 'assistant', content: 'Here is a field.', mediaFileId: image.id, mediaType: 'image' },
    ]);
    await http()
      .patch(`/api/chat/conversations/${conversationId}`)
      .set(bearer(alice))
      .send({ title: 'Récolte du maïs: "rows"' })
      .expect(200);
    shown = (await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(alice)).expect(200))
      .body as ChatMessage[];
  });
  afterAll(() => ctx?.close());

  it('answers Markdown by default: a download named after the title, each message with its author', async () => {
    const response = await http().get(exportPath(conversationId)).set(bearer(alice)).expect(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="recolte-du-mais-rows.md"');
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const markdown = response.text;
    expect(markdown.startsWith('# Récolte du maïs: "rows"\n\n*Exported from Kasa Test on ')).toBe(true);
    // One block per message shown, in order, each saying who wrote it.
    const blocks = markdown.split('\n\n---\n\n').slice(1);
    expect(blocks).toHaveLength(shown.length);
    blocks.forEach((block, index) => {
      const message = shown[index];
      expect(block.startsWith(message.role === 'user' ? '**You** · ' : '**Mkulima**')).toBe(true);
      expect(block).toContain(`${message.createdAt.slice(0, 10)} ${message.createdAt.slice(11, 16)} UTC`);
    });
    // The reply's Markdown as written, the image mentioned.
    expect(markdown).toContain(`\n\n${REPLY}\n\n`);
    expect(blocks.at(-1)).toContain('Here is a field.\n\n*[Image]*');
    // No signed links: a download outlives them.
    expect(markdown).not.toContain('/api/files/');
  });

  it('speaks French when the browser prefers it', async () => {
    const response = await http()
      .get(exportPath(conversationId, '?format=markdown'))
      .set(bearer(alice))
      .set('Accept-Language', 'fr-FR,fr;q=0.9,en;q=0.5')
      .expect(200);
    expect(response.text).toContain('*Exporté depuis Kasa Test le ');
    expect(response.text).toContain('**Vous** · ');
    expect(response.headers.vary).toMatch(/Accept-Language/i);
  });

  it('answers the JSON export: the messages shown, in the contract shape', async () => {
    const response = await http()
      .get(exportPath(conversationId, '?format=json'))
      .set(bearer(alice))
      .expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="recolte-du-mais-rows.json"');
    const exported = JSON.parse(response.text) as ChatConversationExport;
    expect(exported).toEqual({
      id: conversationId,
      title: 'Récolte du maïs: "rows"',
      createdAt: expect.any(String),
      exportedAt: expect.any(String),
      messages: shown.map((message) => ({
        id: message.id,
        parentId: message.parentId ?? null,
        role: message.role,
        content: message.content,
        status: message.status,
        model: message.role === 'assistant' ? (message.model ?? null) : null,
        createdAt: message.createdAt,
        attachments: [],
        mediaType: message.mediaType ?? null,
        transcription: message.transcription ?? null,
      })),
    });
    expect(exported.messages.at(-1)!.mediaType).toBe('image');
    expect(Date.parse(exported.exportedAt)).toBeGreaterThanOrEqual(Date.parse(exported.createdAt));
  });

  it('exports only the branch the conversation shows', async () => {
    const send = async (body: Record<string, unknown>) => {
      const sent = await http().post('/api/chat').set(bearer(alice)).send(body).expect(200);
      return JSON.parse(/data: (\{.*?\})\n/.exec(sent.text)![1]) as {
        conversationId: string;
        assistantMessageId: string;
      };
    };
    const first = await send({ message: 'Hello again' });
    await send({ conversationId: first.conversationId, message: 'The question before the edit' });
    // The edit: a new branch after the first reply.
    await send({
      conversationId: first.conversationId,
      message: 'The edited question',
      parentMessageId: first.assistantMessageId,
    });
    const exported = JSON.parse(
      (await http().get(exportPath(first.conversationId, '?format=json')).set(bearer(alice)).expect(200))
        .text,
    ) as ChatConversationExport;
    const contents = exported.messages.map((message) => message.content);
    expect(contents).toContain('The edited question');
    expect(contents).not.toContain('The question before the edit');
    expect(exported.messages).toHaveLength(4);
    exported.messages.slice(1).forEach((message, index) => {
      expect(message.parentId).toBe(exported.messages[index].id);
    });
  });

  it("is a 404 for another user's conversation or an unknown one", async () => {
    for (const id of [conversationId, '6f1c1b9e-2d7a-4f5e-9b7a-1c2d3e4f5a6b']) {
      const response = await http().get(exportPath(id)).set(bearer(bob)).expect(404);
      expect(response.body.code).toBe('CHAT_CONVERSATION_NOT_FOUND');
    }
  });

  it('refuses a bad format or id with a 400, and an anonymous request with a 401', async () => {
    for (const path of [
      exportPath(conversationId, '?format=pdf'),
      exportPath(conversationId, '?format='),
      exportPath(conversationId, '?format=json&format=markdown'),
      exportPath(conversationId, '?style=fancy'),
      exportPath('not-a-uuid'),
    ]) {
      const response = await http().get(path).set(bearer(alice)).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    await http().get(exportPath(conversationId)).expect(401);
  });
});
