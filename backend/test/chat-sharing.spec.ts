import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { AuthResponse, ChatMessage, SharedConversation, ShareSummary } from '@kasa/contracts';
import { ChatService } from '../src/chat';
import { markdownToPlainText, shortened } from '../src/chat/sharing/plain-text-preview';
import { FilesService } from '../src/files';
import type { User } from '../src/users';
import { escapeHtml } from '../src/web/page-meta-tags';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(32)]);
const SHELL_PAGE =
  '<!doctype html><html><head><title>Kasa shell</title></head><body><div id="root"></div></body></html>';
const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

/** Shared links: POST/GET/DELETE /api/shares (owner), GET /api/shares/{id}[/media/{n}] and /s/{id} (anyone). */
describe('shared conversations', () => {
  let ctx: TestApp;
  let webRoot: string;
  let alice: AuthResponse;
  let bob: AuthResponse;
  let chat: ChatService;
  let files: FilesService;
  const http = () => request(ctx.app.getHttpServer());
  const asUser = (who: AuthResponse) => ({ id: who.user.id }) as User;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'kasa-share-web-'));
    const shell = join(webRoot, 'frontend-shell', 'dist');
    mkdirSync(shell, { recursive: true });
    writeFileSync(join(shell, 'index.html'), SHELL_PAGE);
    ctx = await createTestApp('chatsharing', {
      env: { WEB_DIST_ROOT: webRoot, APP_NAME: 'Kasa Test' },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    alice = await registerUser(ctx.app, { prefix: 'sharea' });
    bob = await registerUser(ctx.app, { prefix: 'shareb' });
    chat = ctx.app.get(ChatService);
    files = ctx.app.get(FilesService);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** A conversation of `who` holding exactly these messages after its first turn (answered offline). */
  async function conversationWith(
    who: AuthResponse,
    messages: Parameters<ChatService['appendMessages']>[2] = [],
    title?: string,
  ): Promise<{ id: string; shown: ChatMessage[] }> {
    const sent = await http().post('/api/chat').set(bearer(who)).send({ message: 'Hello' }).expect(200);
    const id = /"conversationId":"([^"]+)"/.exec(sent.text)![1];
    if (messages.length) await chat.appendMessages(asUser(who), id, messages);
    if (title)
      await http().patch(`/api/chat/conversations/${id}`).set(bearer(who)).send({ title }).expect(200);
    return { id, shown: await shown(who, id) };
  }

  const shown = async (who: AuthResponse, conversationId: string) =>
    (await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(who)).expect(200))
      .body as ChatMessage[];

  const share = async (who: AuthResponse, body: Record<string, unknown>) =>
    (await http().post('/api/shares').set(bearer(who)).send(body).expect(201)).body as ShareSummary;

  /** The public read, anonymously. */
  const readShared = async (id: string) => {
    const response = await http().get(`/api/shares/${id}`).expect(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['cache-control']).toBe('no-store');
    return response.body as SharedConversation;
  };

  it('is readable anonymously with exactly the messages shown when it was made', async () => {
    const conversation = await conversationWith(alice, [
      { role: 'user', content: 'How far apart should maize rows be?' },
      { role: 'assistant', content: '**75 cm** between rows.' },
    ]);
    const created = await share(alice, { conversationId: conversation.id });
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      path: `/s/${created.id}`,
      conversationId: conversation.id,
      title: 'Hello',
      messageCount: conversation.shown.length,
      showName: false,
      createdAt: expect.any(String),
    });

    const shared = await readShared(created.id);
    expect(shared).toEqual({
      id: created.id,
      title: 'Hello',
      author: null,
      createdAt: created.createdAt,
      messages: conversation.shown.map((message) => ({
        role: message.role,
        content: message.content,
        status: message.status,
        modelName: message.role === 'assistant' ? (message.modelName ?? null) : null,
        createdAt: message.createdAt,
        imageUrl: null,
        audioUrl: null,
        transcription: null,
        attachmentNames: [],
      })),
    });
    expect(shared.messages.at(-1)!.content).toBe('**75 cm** between rows.');
    // No trace of whose it is or where it comes from.
    const text = JSON.stringify(shared);
    for (const secret of [
      alice.user.id,
      alice.user.username,
      conversation.id,
      ...conversation.shown.map((m) => m.id),
    ])
      expect(text).not.toContain(secret);

    // Later messages stay out of the link.
    await chat.appendMessages(asUser(alice), conversation.id, [
      { role: 'user', content: 'A later question' },
    ]);
    expect((await readShared(created.id)).messages).toHaveLength(conversation.shown.length);
  });

  it('stops at upToMessageId, and shows the username only when asked', async () => {
    const conversation = await conversationWith(alice, [
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'Second question' },
    ]);
    const upTo = conversation.shown.findIndex((message) => message.content === 'First answer');
    const created = await share(alice, {
      conversationId: conversation.id,
      upToMessageId: conversation.shown[upTo].id.toUpperCase(),
      showName: true,
    });
    expect(created).toMatchObject({ messageCount: upTo + 1, showName: true });
    const shared = await readShared(created.id);
    expect(shared.author).toBe(alice.user.username);
    expect(shared.messages.map((message) => message.content)).toEqual(
      conversation.shown.slice(0, upTo + 1).map((message) => message.content),
    );
  });

  it('holds only the branch the conversation shows', async () => {
    const send = async (body: Record<string, unknown>) => {
      const sent = await http().post('/api/chat').set(bearer(alice)).send(body).expect(200);
      return JSON.parse(/data: (\{.*?\})\n/.exec(sent.text)![1]) as {
        conversationId: string;
        assistantMessageId: string;
      };
    };
    const first = await send({ message: 'Hello again' });
    await send({ conversationId: first.conversationId, message: 'The question before the edit' });
    await send({
      conversationId: first.conversationId,
      message: 'The edited question',
      parentMessageId: first.assistantMessageId,
    });
    const created = await share(alice, { conversationId: first.conversationId });
    const contents = (await readShared(created.id)).messages.map((message) => message.content);
    expect(contents).toHaveLength(4);
    expect(contents).toContain('The edited question');
    expect(contents).not.toContain('The question before the edit');
  });

  it("carries no other conversation's data", async () => {
    const mine = await conversationWith(alice, [{ role: 'assistant', content: 'Only in this one' }]);
    await conversationWith(alice, [{ role: 'assistant', content: 'In another conversation' }]);
    await conversationWith(bob, [{ role: 'assistant', content: "In Bob's conversation" }]);
    const text = JSON.stringify(await readShared((await share(alice, { conversationId: mine.id })).id));
    expect(text).toContain('Only in this one');
    expect(text).not.toContain('another conversation');
    expect(text).not.toContain('Bob');
  });

  it('serves its images and recordings through its own links, until it is revoked', async () => {
    const conversation = await conversationWith(alice);
    const image = await files.store(alice.user.id, {
      kind: 'image',
      contentType: 'image/png',
      body: PNG,
      conversationId: conversation.id,
    });
    const recording = await files.store(alice.user.id, {
      kind: 'recording',
      contentType: 'audio/wav',
      body: WAV,
      conversationId: conversation.id,
    });
    await chat.appendMessages(asUser(alice), conversation.id, [
      { role: 'user', content: 'Plant in rows', audioFileId: recording.id, transcription: 'Plant in rows' },
      { role: 'assistant', content: 'Here is your field.', mediaFileId: image.id, mediaType: 'image' },
    ]);
    const created = await share(alice, { conversationId: conversation.id });
    const shared = await readShared(created.id);
    const [voice, picture] = shared.messages.slice(-2);
    expect(voice).toMatchObject({
      audioUrl: `/api/shares/${created.id}/media/0`,
      imageUrl: null,
      transcription: 'Plant in rows',
    });
    expect(picture).toMatchObject({ imageUrl: `/api/shares/${created.id}/media/1`, audioUrl: null });
    // The owner's file ids and signed links never leave.
    expect(JSON.stringify(shared)).not.toMatch(new RegExp(`${image.id}|${recording.id}|/api/files/`));

    const served = await http().get(picture.imageUrl!).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['x-robots-tag']).toBe('noindex');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    const audio = await http().get(voice.audioUrl!).buffer(true).expect(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.body.length).toBe(WAV.length);
    expect(audio.headers['accept-ranges']).toBe('bytes');
    // A recording seeks by byte ranges, as through the owner's own links.
    const part = await http().get(voice.audioUrl!).set('Range', 'bytes=4-11').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${WAV.length}`);
    expect(Buffer.compare(part.body as Buffer, WAV.subarray(4, 12))).toBe(0);
    expect(
      (
        await http()
          .get(voice.audioUrl!)
          .set('Range', `bytes=${WAV.length + 10}-`)
          .expect(416)
      ).body.code,
    ).toBe('FILES_RANGE_NOT_SATISFIABLE');

    expect((await http().get(`/api/shares/${created.id}/media/2`).expect(404)).body.code).toBe(
      'SHARE_NOT_FOUND',
    );
    for (const n of ['-1', 'one', '1.5', '99999'])
      expect((await http().get(`/api/shares/${created.id}/media/${n}`).expect(400)).body.code).toBe(
        'VALIDATION_FAILED',
      );

    await http().delete(`/api/shares/${created.id}`).set(bearer(alice)).expect(204);
    expect((await http().get(picture.imageUrl!).expect(404)).body.code).toBe('SHARE_NOT_FOUND');
    await http().get(voice.audioUrl!).expect(404);
  });

  it('is a 404 at once when revoked, and leaves the list', async () => {
    const conversation = await conversationWith(alice);
    const older = await share(alice, { conversationId: conversation.id });
    const newer = await share(alice, { conversationId: conversation.id });
    const listed = (await http().get('/api/shares').set(bearer(alice)).expect(200)).body as ShareSummary[];
    const ids = listed.map((link) => link.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(listed.find((link) => link.id === newer.id)).toEqual(newer);

    await readShared(newer.id);
    await http().delete(`/api/shares/${newer.id}`).set(bearer(alice)).expect(204);
    const gone = await http().get(`/api/shares/${newer.id}`).expect(404);
    expect(gone.body.code).toBe('SHARE_NOT_FOUND');
    const after = (await http().get('/api/shares').set(bearer(alice)).expect(200)).body as ShareSummary[];
    expect(after.map((link) => link.id)).not.toContain(newer.id);
    expect(after.map((link) => link.id)).toContain(older.id);
    // Revoking twice: no such live link.
    expect((await http().delete(`/api/shares/${newer.id}`).set(bearer(alice)).expect(404)).body.code).toBe(
      'SHARE_NOT_FOUND',
    );
  });

  it('cannot be made of, listed or revoked by another user', async () => {
    const conversation = await conversationWith(alice);
    const created = await share(alice, { conversationId: conversation.id });

    expect((await http().delete(`/api/shares/${created.id}`).set(bearer(bob)).expect(404)).body.code).toBe(
      'SHARE_NOT_FOUND',
    );
    await readShared(created.id);
    const bobs = (await http().get('/api/shares').set(bearer(bob)).expect(200)).body as ShareSummary[];
    expect(bobs.map((link) => link.id)).not.toContain(created.id);

    const foreign = await http()
      .post('/api/shares')
      .set(bearer(bob))
      .send({ conversationId: conversation.id })
      .expect(404);
    expect(foreign.body.code).toBe('CHAT_CONVERSATION_NOT_FOUND');

    // A message of another conversation (here Bob's own) is not one this conversation shows.
    const bobsConversation = await conversationWith(bob);
    const elsewhere = await http()
      .post('/api/shares')
      .set(bearer(alice))
      .send({ conversationId: conversation.id, upToMessageId: bobsConversation.shown[0].id })
      .expect(404);
    expect(elsewhere.body.code).toBe('CHAT_MESSAGE_NOT_FOUND');
  });

  it('goes with its conversation', async () => {
    const conversation = await conversationWith(alice);
    const created = await share(alice, { conversationId: conversation.id });
    await http().delete(`/api/chat/conversations/${conversation.id}`).set(bearer(alice)).expect(204);
    await http().get(`/api/shares/${created.id}`).expect(404);
    const listed = (await http().get('/api/shares').set(bearer(alice)).expect(200)).body as ShareSummary[];
    expect(listed.map((link) => link.id)).not.toContain(created.id);
  });

  it('refuses bad requests with a 400 and anonymous owners with a 401', async () => {
    const conversation = await conversationWith(alice);
    for (const body of [
      {},
      { conversationId: 'not-a-uuid' },
      { conversationId: conversation.id, upToMessageId: 'nope' },
      { conversationId: conversation.id, showName: 'yes' },
      { conversationId: conversation.id, admin: true },
    ]) {
      const refused = await http().post('/api/shares').set(bearer(alice)).send(body).expect(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    await http().post('/api/shares').send({ conversationId: conversation.id }).expect(401);
    await http().get('/api/shares').expect(401);
    await http().delete(`/api/shares/${UNKNOWN_ID}`).expect(401);
  });

  it.each([UNKNOWN_ID, 'short', 'a'.repeat(150), "'%20OR%201=1", '%F0%9F%8C%BD'])(
    'answers the unknown or malformed link %p with a 404',
    async (id) => {
      const response = await http().get(`/api/shares/${id}`).expect(404);
      expect(response.body.code).toBe('SHARE_NOT_FOUND');
      await http().get(`/api/shares/${id}/media/0`).expect(404);
    },
  );

  describe('the /s/{id} page', () => {
    const metaContent = (html: string, property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

    it('carries the title and first reply for link previews, escaped, and is never indexed', async () => {
      const title = '<script>alert(1)</script> & "maize"';
      const conversation = await conversationWith(alice, [], title);
      const created = await share(alice, { conversationId: conversation.id });
      const page = await http().get(created.path).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.text).toContain('Kasa shell');
      expect(page.text).toContain('<meta name="robots" content="noindex">');
      expect(metaContent(page.text, 'og:title')).toBe(
        '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;maize&quot;',
      );
      expect(page.text).not.toContain('<script>alert(1)');
      expect(metaContent(page.text, 'og:type')).toBe('website');
      expect(metaContent(page.text, 'og:site_name')).toBe('Kasa Test');
      // The first reply's words, plain text, about one paragraph.
      const firstReply = conversation.shown.find((message) => message.role === 'assistant')!;
      const expected = escapeHtml(shortened(markdownToPlainText(firstReply.content), 150));
      expect(expected.length).toBeGreaterThan(0);
      expect(metaContent(page.text, 'og:description')).toBe(expected);
    });

    it('describes the link by its first reply as plain text', async () => {
      const conversation = await conversationWith(alice);
      const created = await share(alice, { conversationId: conversation.id });
      // The offline answer has Markdown of its own; the preview has none of its marks.
      const escaped = metaContent((await http().get(created.path).expect(200)).text, 'og:description')!;
      const description = escaped.replace(/&(amp|lt|gt|quot|#39);/g, '_');
      expect(description.length).toBeLessThanOrEqual(150);
      expect(description).not.toMatch(/\*\*|^#|\]\(/);
    });

    it("is still the shell for an unknown or revoked link, as a 404 without a conversation's tags", async () => {
      const conversation = await conversationWith(alice);
      const created = await share(alice, { conversationId: conversation.id });
      await http().delete(`/api/shares/${created.id}`).set(bearer(alice)).expect(204);
      for (const path of [created.path, `/s/${UNKNOWN_ID}`, '/s/not-a-link']) {
        const page = await http().get(path).expect(404);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['x-robots-tag']).toBe('noindex');
        expect(page.text).toContain('Kasa shell');
        expect(page.text).toContain('<meta name="robots" content="noindex">');
        expect(page.text).not.toContain('og:title');
      }
    });

    it('leaves the other pages as they were', async () => {
      for (const path of ['/chat', '/s', '/s/a/b', '/legal/terms']) {
        const page = await http().get(path).expect(200);
        expect(page.headers['x-robots-tag']).toBeUndefined();
        expect(page.text).not.toContain('name="robots"');
        expect(page.text).not.toContain('og:');
      }
    });
  });
});
