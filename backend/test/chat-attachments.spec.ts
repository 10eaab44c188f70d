import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AuthResponse, ChatAttachmentRef, ChatMessage } from '@kasa/contracts';
import { ChatAttachmentsRegistry, type ChatAttachmentSource, type ResolvedAttachment } from '../src/chat';
import {
  ATTACHMENT_ID_INVALID,
  ATTACHMENT_TYPE_INVALID,
  ATTACHMENTS_DUPLICATE,
  ATTACHMENTS_TOO_MANY,
} from '../src/chat/dto/chat.dto';
import { FilesService } from '../src/files';
import { listen, openChatStream, sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * A stand-in for the upload and canvas features (being written beside this one): the same
 * ChatAttachmentSource contract, registered through the app's registry, backed by real stored
 * files. The chat code under test is the real one.
 */
class StandInSource implements ChatAttachmentSource {
  readonly items = new Map<string, ResolvedAttachment & { userId: string; text: string | null }>();
  /** The maxChars of every text() call, to see the budget the chat gave. */
  readonly textCalls: Array<{ id: string; question: string; maxChars: number }> = [];

  constructor(
    readonly type: ChatAttachmentRef['type'],
    private readonly files: FilesService,
  ) {}

  async add(
    userId: string,
    name: string,
    mimeType: string,
    body: Buffer,
    text: string | null,
    textStatus: ResolvedAttachment['textStatus'] = text === null ? 'none' : 'done',
  ): Promise<string> {
    const file = await this.files.store(userId, {
      kind: 'upload',
      contentType: mimeType,
      body,
      originalName: name,
    });
    const id = randomUUID();
    this.items.set(id, {
      type: this.type,
      id,
      name,
      mimeType,
      fileId: file.id,
      textStatus,
      characters: text?.length ?? 0,
      userId,
      text,
    });
    return id;
  }

  async resolve(userId: string, ids: string[]): Promise<ResolvedAttachment[]> {
    return ids
      .map((id) => this.items.get(id))
      .filter((item) => item?.userId === userId)
      .map((item) => {
        const { userId: _owner, text: _text, ...resolved } = item!;
        return { ...resolved, characters: resolved.textStatus === 'done' ? resolved.characters : 0 };
      });
  }

  /** Whole when it fits, else the paragraphs sharing a word of 5+ letters with the question. */
  async text(userId: string, id: string, question: string, maxChars: number) {
    this.textCalls.push({ id, question, maxChars });
    const item = this.items.get(id);
    if (!item || item.userId !== userId || !item.text) throw new Error('not found');
    if (item.text.length <= maxChars) return { text: item.text, complete: true };
    const words = (question.toLowerCase().match(/\p{L}{5,}/gu) ?? []).map((word) => word.slice(0, 6));
    const kept: string[] = [];
    let used = 0;
    for (const paragraph of item.text.split('\n\n')) {
      if (!words.some((word) => paragraph.toLowerCase().includes(word))) continue;
      if (used + paragraph.length > maxChars) break;
      kept.push(paragraph);
      used += paragraph.length + 2;
    }
    return { text: kept.join('\n\n'), complete: false };
  }
}

/**
 * Puts the stand-in in the app's registry. A type no feature registered yet is registered as is;
 * when the features already registered both types, the stand-in answers for its own ids in front
 * of the upload feature's source (which still answers for the rest), so the feature is untouched.
 */
function registerStandIn(ctx: TestApp): { source: StandInSource; missing: ChatAttachmentRef['type'] | null } {
  const registry = ctx.app.get(ChatAttachmentsRegistry);
  const free = (['upload', 'canvas'] as const).filter((type) => !registry.get(type));
  const type = free[0] ?? 'upload';
  const source = new StandInSource(type, ctx.app.get(FilesService));
  if (free.length) {
    registry.register(source);
    return { source, missing: free[1] ?? null };
  }
  const feature = registry.get(type)!;
  const inFront: ChatAttachmentSource = {
    type,
    resolve: async (userId, ids) => [
      ...(await source.resolve(userId, ids)),
      ...(await feature.resolve(
        userId,
        ids.filter((id) => !source.items.has(id)),
      )),
    ],
    text: (userId, id, question, maxChars) =>
      (source.items.has(id) ? source : feature).text(userId, id, question, maxChars),
  };
  const get = registry.get.bind(registry);
  registry.get = (asked) => (asked === type ? inFront : get(asked));
  return { source, missing: null };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type SentContent = string | Array<{ type: string; text?: string; image_url?: { url: string } }>;
const lastUserContent = (fake: FakeOpenAiServer): SentContent =>
  (fake.requests.at(-1)!.body.messages as Array<{ role: string; content: SentContent }>).at(-1)!.content;

const messagesCharged = async (databaseUrl: string, userId: string) =>
  Number(
    (
      await sql<{ n: string }>(
        databaseUrl,
        `SELECT coalesce(sum(used), 0) AS n FROM usage_counters WHERE user_id = $1 AND feature = 'messagesPerMonth'`,
        [userId],
      )
    )[0].n,
  );

describe('chat attachments (a model connected)', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  let alice: AuthResponse;
  let bob: AuthResponse;
  let source: StandInSource;
  let missingType: ChatAttachmentRef['type'] | null;
  const http = () => request(ctx.app.getHttpServer());

  async function chat(who: AuthResponse, body: Record<string, unknown>) {
    const stream = await openChatStream(baseUrl, who.token, body);
    expect(stream.status).toBe(200);
    const events = await stream.ended;
    expect(events.at(-1)).toMatchObject({ done: true });
    return { events, conversationId: events[0].conversationId! };
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('chat_attach', {
      env: {
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
        AI_TIMEOUT_MS: '5000',
        // 1000 tokens: up to 600 (2400 characters) for the attachments.
        CHAT_HISTORY_TOKENS: '1000',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    ({ source, missing: missingType } = registerStandIn(ctx));
    baseUrl = await listen(ctx.app);
    alice = await registerUser(ctx.app, { prefix: 'att' });
    bob = await registerUser(ctx.app, { prefix: 'att' });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.fallback = { kind: 'stream', chunks: ['Noted.'] };
  });

  it('refuses malformed attachments with a clear 400, charging nothing', async () => {
    const id = randomUUID();
    const cases: Array<[unknown, string]> = [
      [[{ type: 'video', id }], ATTACHMENT_TYPE_INVALID],
      [[{ type: source.type, id: 'not-a-uuid' }], ATTACHMENT_ID_INVALID],
      [Array.from({ length: 11 }, () => ({ type: source.type, id: randomUUID() })), ATTACHMENTS_TOO_MANY],
      [
        [
          { type: source.type, id },
          { type: source.type, id },
        ],
        ATTACHMENTS_DUPLICATE,
      ],
    ];
    for (const [attachments, message] of cases) {
      const response = await http().post('/api/chat').set(bearer(alice)).send({ message: 'Hi', attachments });
      expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message });
    }
    const notAList = await http()
      .post('/api/chat')
      .set(bearer(alice))
      .send({ message: 'Hi', attachments: 'x' });
    expect(notAList.status).toBe(400);
    expect(await messagesCharged(ctx.databaseUrl, alice.user.id)).toBe(0);
  });

  it("answers 404 for an unknown or another user's attachment, storing and charging nothing", async () => {
    const bobs = await source.add(bob.user.id, 'bob.txt', 'text/plain', Buffer.from('secret'), 'Bob secret');
    const refs: ChatAttachmentRef[][] = [
      [{ type: source.type, id: randomUUID() }],
      [{ type: source.type, id: bobs }],
    ];
    if (missingType) refs.push([{ type: missingType, id: randomUUID() }]);
    for (const attachments of refs) {
      const response = await http()
        .post('/api/chat')
        .set(bearer(alice))
        .send({ message: 'Read it', attachments });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'CHAT_ATTACHMENT_NOT_FOUND' });
    }
    expect(await messagesCharged(ctx.databaseUrl, alice.user.id)).toBe(0);
    const rows = await sql<{ n: string }>(
      ctx.databaseUrl,
      'SELECT count(*) AS n FROM chat_messages WHERE user_id = $1',
      [alice.user.id],
    );
    expect(Number(rows[0].n)).toBe(0);
  });

  it('sends a small file whole, framed as untrusted data, after the user words', async () => {
    const text = 'Soil test of plot 3: pH 5.2, nitrogen low, phosphorus medium.';
    const id = await source.add(alice.user.id, 'soil.txt', 'text/plain', Buffer.from(text), text);
    await chat(alice, { message: 'What does my soil need?', attachments: [{ type: source.type, id }] });
    const content = lastUserContent(fake);
    // No image: plain text, which text-only servers accept.
    expect(typeof content).toBe('string');
    expect(content).toMatch(/^What does my soil need\?\n\n/);
    expect(content).toContain(`<<<FILE soil.txt\n${text}\nFILE>>>`);
    expect(content).toMatch(/not instructions/);
    expect(await messagesCharged(ctx.databaseUrl, alice.user.id)).toBe(1);
  });

  it('sends only the relevant passages of a big file, within its share of the budget', async () => {
    const filler = (n: number) =>
      `Paragraph ${n} about weeding schedules and general field hygiene. `.repeat(3);
    const paragraphs = Array.from({ length: 40 }, (_, n) => filler(n));
    paragraphs.push(
      'Cassava mosaic disease spreads by whiteflies: plant clean cuttings and remove sick plants.',
    );
    paragraphs.splice(5, 0, 'Goat vaccination calendar: PPR every year in March.');
    const text = paragraphs.join('\n\n');
    expect(text.length).toBeGreaterThan(6000);
    const id = await source.add(alice.user.id, 'guide.txt', 'text/plain', Buffer.from(text), text);
    await chat(alice, { message: 'How do I stop cassava mosaic?', attachments: [{ type: source.type, id }] });
    const content = lastUserContent(fake) as string;
    expect(content).toContain('<<<FILE guide.txt (excerpts)');
    expect(content).toContain('plant clean cuttings and remove sick plants');
    expect(content).not.toContain('Goat vaccination');
    const call = source.textCalls.at(-1)!;
    expect(call).toMatchObject({ id, question: 'How do I stop cassava mosaic?' });
    expect(call.maxChars).toBeLessThanOrEqual(2400);
  });

  it('sends an image as an image part, and retries once without it when the model refuses images', async () => {
    const id = await source.add(alice.user.id, 'leaf.png', 'image/png', PNG, null);
    await chat(alice, { message: 'What is wrong with this leaf?', attachments: [{ type: source.type, id }] });
    const parts = lastUserContent(fake) as Array<{
      type: string;
      text?: string;
      image_url?: { url: string };
    }>;
    expect(Array.isArray(parts)).toBe(true);
    expect(parts[0]).toEqual({ type: 'text', text: 'What is wrong with this leaf?' });
    expect(parts.at(-1)).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` },
    });

    const before = fake.requests.length;
    fake.script({
      kind: 'error',
      status: 400,
      message: 'Invalid content type. image_url is only supported by certain models.',
    });
    const { events } = await chat(alice, { message: 'And now?', attachments: [{ type: source.type, id }] });
    expect(fake.requests.length).toBe(before + 2);
    expect(Array.isArray(lastUserContent(fake))).toBe(false);
    expect(lastUserContent(fake)).toMatch(
      /attached an image \(leaf\.png\), but this model cannot see images/,
    );
    expect(events.some((event) => event.content === 'Noted.')).toBe(true);
  });

  it('waits for an extraction still running, then sends its text', async () => {
    const text = 'Rainfall log: 120 mm in April.';
    const id = await source.add(alice.user.id, 'rain.txt', 'text/plain', Buffer.from(text), text, 'running');
    setTimeout(() => (source.items.get(id)!.textStatus = 'done'), 1200);
    await chat(alice, { message: 'How much rain fell?', attachments: [{ type: source.type, id }] });
    expect(lastUserContent(fake)).toContain(`<<<FILE rain.txt\n${text}\nFILE>>>`);
  });

  it('shows attachments with signed links on the conversation, notes them in later history, and hides them from others', async () => {
    const text = 'Maize yield 2.1 t/ha.';
    const textId = await source.add(alice.user.id, 'yield.txt', 'text/plain', Buffer.from(text), text);
    const imageId = await source.add(alice.user.id, 'field.png', 'image/png', PNG, null);
    const { conversationId } = await chat(alice, {
      message: 'Compare these',
      attachments: [
        { type: source.type, id: textId },
        { type: source.type, id: imageId },
      ],
    });
    const messages = (
      await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(alice)).expect(200)
    ).body as ChatMessage[];
    expect(messages[0].attachments).toEqual([
      {
        type: source.type,
        id: textId,
        name: 'yield.txt',
        mimeType: 'text/plain',
        url: expect.stringMatching(/^\/api\/files\//),
      },
      {
        type: source.type,
        id: imageId,
        name: 'field.png',
        mimeType: 'image/png',
        url: expect.stringMatching(/^\/api\/files\//),
      },
    ]);
    expect(messages[1].attachments).toBeUndefined();
    const image = await http().get(messages[0].attachments![1].url!).expect(200);
    expect(Buffer.compare(image.body as Buffer, PNG)).toBe(0);

    await chat(alice, { message: 'And the trend?', conversationId });
    const sent = fake.requests.at(-1)!.body.messages as Array<{ role: string; content: SentContent }>;
    expect(sent.at(-1)!.content).toBe('And the trend?');
    expect(sent.find((m) => m.role === 'user')!.content).toBe(
      'Compare these\n[attached: yield.txt, field.png]',
    );
    expect(JSON.stringify(sent)).not.toContain(text);

    await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(bob)).expect(404);
  });

  it('end to end: a text file uploaded through POST /api/enhancements/upload reaches the model', async () => {
    const text = 'Irrigation note: water the tomato beds every third evening, 4 litres a plant.';
    const uploaded = await http()
      .post('/api/enhancements/upload')
      .set(bearer(alice))
      .attach('file', Buffer.from(text), { filename: 'irrigation.txt', contentType: 'text/plain' })
      .expect(201);
    const id = (uploaded.body as { id: string }).id;
    await chat(alice, { message: 'How often do I water tomatoes?', attachments: [{ type: 'upload', id }] });
    const content = lastUserContent(fake);
    expect(content).toContain('<<<FILE irrigation.txt');
    expect(content).toContain('every third evening, 4 litres a plant');
  });
});

describe('chat attachments (offline advisor)', () => {
  let ctx: TestApp;
  let baseUrl: string;
  let carol: AuthResponse;
  let source: StandInSource;

  async function reply(body: Record<string, unknown>): Promise<string> {
    const stream = await openChatStream(baseUrl, carol.token, body);
    expect(stream.status).toBe(200);
    const events = await stream.ended;
    expect(events.at(-1)).toMatchObject({ done: true });
    return events.map((event) => event.content ?? '').join('');
  }

  beforeAll(async () => {
    ctx = await createTestApp('chat_attach_off', {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    ({ source } = registerStandIn(ctx));
    baseUrl = await listen(ctx.app);
    carol = await registerUser(ctx.app, { prefix: 'att' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers from the attached file's passages first, citing the file", async () => {
    expect(ctx.config.ai.chatEngine).toBe('offline');
    const text = [
      'Introduction to the cooperative and its members.',
      'Fertiliser plan: apply NPK 20-10-10 two weeks after sowing, then urea at knee height.',
      'Market days are on Tuesdays in Bafoussam.',
    ].join('\n\n');
    const id = await source.add(carol.user.id, 'coop-plan.txt', 'text/plain', Buffer.from(text), text);
    const answer = await reply({
      message: 'When do I apply fertiliser?',
      attachments: [{ type: source.type, id }],
    });
    expect(answer.startsWith('Here is what your attached files say about your question:')).toBe(true);
    expect(answer).toContain('**coop-plan.txt**');
    expect(answer).toContain('apply NPK 20-10-10 two weeks after sowing');
    expect(answer.indexOf('NPK')).toBeLessThan(
      answer.indexOf('Market days') === -1 ? Infinity : answer.indexOf('Market days'),
    );
  });

  it('says plainly it cannot see an image without a model, naming no setting', async () => {
    const id = await source.add(carol.user.id, 'sick-leaf.png', 'image/png', PNG, null);
    const answer = await reply({
      message: 'What disease is this?',
      attachments: [{ type: source.type, id }],
    });
    expect(answer).toContain('"sick-leaf.png"');
    expect(answer).toMatch(/cannot see images/);
    expect(answer).not.toMatch(/OPENAI_BASE_URL|OPENAI_API_KEY|CHAT_MODEL|administrator/);
  });
});
