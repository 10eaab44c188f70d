import request from 'supertest';
import type { AuthResponse, ChatMessage, ChatSearchHit, ConversationSummary } from '@kasa/contracts';
import { PROVIDER_FAILURES } from '../src/ai/chat-model-failures';
import { fixedSystemPrompt } from '../src/chat/prompt/build-chat-prompt';
import { eventually, listen, openChatStream, sql, streamedText, type ChatStream } from './chat-support';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

const FALLBACK_CHUNKS = ['Hello', ' from', ' the', ' fake', ' model.'];

describe('chat', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let baseUrl: string;
  let alice: AuthResponse;
  let bob: AuthResponse;
  const http = () => request(ctx.app.getHttpServer());

  const register = () => registerUser(ctx.app, { prefix: 'chat' });

  async function send(who: AuthResponse, body: Record<string, unknown>): Promise<ChatStream> {
    const stream = await openChatStream(baseUrl, who.token, body);
    expect(stream.status).toBe(200);
    return stream;
  }

  /** Sends and waits for the stream to end. */
  async function chat(who: AuthResponse, body: Record<string, unknown>) {
    const stream = await send(who, body);
    const events = await stream.ended;
    return { stream, events, conversationId: events[0].conversationId! };
  }

  async function messages(who: AuthResponse, conversationId: string): Promise<ChatMessage[]> {
    return (await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(who)).expect(200))
      .body as ChatMessage[];
  }

  async function list(who: AuthResponse): Promise<ConversationSummary[]> {
    return (await http().get('/api/chat/conversations').set(bearer(who)).expect(200))
      .body as ConversationSummary[];
  }

  const countRows = async (userId: string) =>
    Number(
      (
        await sql<{ n: string }>(
          ctx.databaseUrl,
          `SELECT (SELECT count(*) FROM chat_messages WHERE user_id = $1) + (SELECT count(*) FROM conversations WHERE user_id = $1) AS n`,
          [userId],
        )
      )[0].n,
    );

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestApp('chat', {
      env: {
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_API_KEY: 'test',
        CHAT_MODEL: 'fake-model',
        AI_MAX_RETRIES: '1',
        AI_TIMEOUT_MS: '5000',
        CHAT_HISTORY_TOKENS: '300',
        ASSISTANT_NAME: 'Kasa',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    baseUrl = await listen(ctx.app);
    alice = await register();
    bob = await register();
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.fallback = { kind: 'stream', chunks: FALLBACK_CHUNKS };
  });

  it('streams a reply: ids first, the chunks, then done; stores both messages and titles the conversation', async () => {
    const before = fake.requests.length;
    const stream = await openChatStream(
      baseUrl,
      alice.token,
      { message: '  How do I plant maize?  ' },
      { 'Accept-Encoding': 'gzip, deflate, br' },
    );
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    // An authenticated answer: no-store (common/no-store.ts); no-transform keeps compression off.
    expect(stream.headers['cache-control']).toBe('no-store, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    const events = await stream.ended;

    const [first, ...rest] = events;
    expect(first).toEqual({
      conversationId: expect.any(String),
      userMessageId: expect.any(String),
      assistantMessageId: expect.any(String),
    });
    const { conversationId } = first;
    expect(rest.slice(0, -1)).toEqual(FALLBACK_CHUNKS.map((content) => ({ content })));
    expect(rest.at(-1)).toEqual({ done: true, conversationId });
    // Each event: its offset as the SSE id (resumable replies), then one data line.
    expect(stream.raw).toMatch(/^(id: \d+\ndata: \{[^\n]*\}\n\n)+$/);

    const stored = await messages(alice, conversationId!);
    expect(stored).toEqual([
      {
        id: first.userMessageId,
        role: 'user',
        content: 'How do I plant maize?',
        mediaUrl: null,
        mediaType: null,
        audioUrl: null,
        transcription: null,
        transcriptionLanguage: null,
        recordingId: null,
        status: 'complete',
        error: null,
        errorCode: null,
        createdAt: expect.any(String),
        parentId: null,
      },
      expect.objectContaining({
        id: first.assistantMessageId,
        role: 'assistant',
        content: 'Hello from the fake model.',
        status: 'complete',
        error: null,
        parentId: first.userMessageId,
        model: 'fake-model',
        feedback: null,
      }),
    ]);
    const summary = (await list(alice)).find((c) => c.id === conversationId);
    expect(summary).toEqual({
      id: conversationId,
      title: 'How do I plant maize?',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      generating: false,
      model: null,
    });

    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests.at(-1)!;
    expect(sent.body.model).toBe('fake-model');
    expect(sent.body.stream).toBe(true);
    expect(sent.authorization).toBe('Bearer test');
    expect(sent.body.messages).toEqual([
      { role: 'system', content: fixedSystemPrompt('Kasa', ctx.config.appName) },
      { role: 'user', content: 'How do I plant maize?' },
    ]);
  });

  it('titles a conversation from the first line of a long first message, cut on a word', async () => {
    const message =
      'What fertiliser should I use for cassava on sandy soil near Bamenda during the dry season\nDetails follow';
    const { conversationId } = await chat(alice, { message });
    const summary = (await list(alice)).find((c) => c.id === conversationId)!;
    expect(summary.title).toBe('What fertiliser should I use for cassava on sandy soil near…');
    expect(Array.from(summary.title).length).toBeLessThanOrEqual(60);
  });

  it('sends the history on the next message, the client systemPrompt appended to the fixed prompt', async () => {
    const { conversationId } = await chat(alice, { message: 'My goats cough.' });
    fake.script({ kind: 'stream', chunks: ['Keep', ' them', ' dry.'] });
    const second = await chat(alice, {
      message: 'What else?',
      conversationId,
      systemPrompt: 'Answer in French.',
    });
    expect(second.conversationId).toBe(conversationId);
    expect(streamedText(second.events)).toBe('Keep them dry.');

    const sent = fake.requests.at(-1)!.body.messages!;
    expect(sent[0].role).toBe('system');
    expect(sent[0].content.startsWith(fixedSystemPrompt('Kasa', ctx.config.appName))).toBe(true);
    expect(sent[0].content).toContain('Answer in French.');
    expect(sent.slice(1)).toEqual([
      { role: 'user', content: 'My goats cough.' },
      { role: 'assistant', content: 'Hello from the fake model.' },
      { role: 'user', content: 'What else?' },
    ]);

    const stored = await messages(alice, conversationId);
    expect(stored.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'My goats cough.', 'complete'],
      ['assistant', 'Hello from the fake model.', 'complete'],
      ['user', 'What else?', 'complete'],
      ['assistant', 'Keep them dry.', 'complete'],
    ]);
    // The conversation moved to the top of the list.
    expect((await list(alice))[0].id).toBe(conversationId);
  });

  it('trims old history to the token budget (CHAT_HISTORY_TOKENS=300, newest kept, new message always sent)', async () => {
    const long = (word: string) => `${word} `.repeat(200).slice(0, 400); // 400 characters: 104 tokens
    const { conversationId } = await chat(alice, { message: long('one') });
    await chat(alice, { message: long('two'), conversationId });
    await chat(alice, { message: long('three'), conversationId });
    await chat(alice, { message: long('four'), conversationId });
    // 300 − 104 (new) = 196: the last reply (11), 'three' (104), the reply before (11) fit; 'two' does not.
    const sent = fake.requests.at(-1)!.body.messages!;
    expect(sent.slice(1).map((m) => `${m.role}:${m.content.split(' ')[0]}`)).toEqual([
      'assistant:Hello',
      'user:three',
      'assistant:Hello',
      'user:four',
    ]);

    // A message alone over the budget goes without history.
    const huge = 'x'.repeat(2000);
    await chat(alice, { message: huge, conversationId });
    expect(fake.requests.at(-1)!.body.messages!.slice(1)).toEqual([{ role: 'user', content: huge }]);
  });

  it('keeps writing when the client disconnects: progress and generating while it runs, the whole reply after', async () => {
    const chunks = Array.from({ length: 12 }, (_, i) => `part${i} `);
    fake.script({ kind: 'stream', chunks, delayMs: 150 });
    const stream = await send(alice, { message: 'Tell me a long story about rain.' });
    const { conversationId, assistantMessageId } = stream.events[0] ?? (await stream.waitFor(() => true));
    await stream.waitFor((event) => event.content !== undefined);
    stream.abort();

    // A reload mid-reply: the reply is still being written and shows its progress.
    const midway = await eventually(async () => {
      const stored = await messages(alice, conversationId!);
      const reply = stored.find((m) => m.id === assistantMessageId)!;
      return reply.status === 'streaming' && reply.content.length > 0 ? reply : undefined;
    });
    expect(chunks.join('').startsWith(midway.content)).toBe(true);
    expect((await list(alice)).find((c) => c.id === conversationId)!.generating).toBe(true);
    // The saved row (what another instance would read) moves forward while the reply is written.
    await eventually(async () => {
      const [row] = await sql<{ content: string; status: string }>(
        ctx.databaseUrl,
        `SELECT content, status FROM chat_messages WHERE id = $1`,
        [assistantMessageId],
      );
      if (row.status !== 'streaming') throw new Error(`the reply ended before any progress was saved`);
      return row.content.length > 0 ? true : undefined;
    });

    const done = await eventually(async () => {
      const stored = await messages(alice, conversationId!);
      const reply = stored.find((m) => m.id === assistantMessageId)!;
      return reply.status === 'complete' ? reply : undefined;
    });
    expect(done.content).toBe(chunks.join(''));
    expect((await list(alice)).find((c) => c.id === conversationId)!.generating).toBe(false);
    expect(fake.requests.at(-1)!.abortedByClient).toBe(false);
  });

  it('saves a reply in growing pieces that are always a true prefix, emoji and accents included', async () => {
    const chunks = Array.from({ length: 14 }, (_, i) => `🌽 maïs ${i}, ñame 🥔 `);
    fake.script({ kind: 'stream', chunks, delayMs: 120 });
    const stream = await send(alice, { message: 'Plant calendar please' });
    const { assistantMessageId } = await stream.waitFor((e) => !!e.assistantMessageId);
    const full = chunks.join('');
    const seen = new Set<string>();
    let status = 'streaming';
    while (status === 'streaming') {
      const [row] = await sql<{ content: string; status: string }>(
        ctx.databaseUrl,
        `SELECT content, status FROM chat_messages WHERE id = $1`,
        [assistantMessageId],
      );
      status = row.status;
      if (status === 'streaming') {
        expect(full.startsWith(row.content)).toBe(true);
        if (row.content) seen.add(row.content);
      } else {
        expect(row.content).toBe(full);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.size).toBeGreaterThanOrEqual(2);
  });

  it('Stop ends the reply, keeps the text so far as stopped, and ends the live stream with stopped: true', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => `w${i} `);
    fake.script({ kind: 'stream', chunks, delayMs: 100 });
    const stream = await send(alice, { message: 'Explain irrigation slowly.' });
    const { conversationId, assistantMessageId } = await stream.waitFor((e) => !!e.assistantMessageId);
    await eventually(async () => (stream.events.filter((e) => e.content).length >= 2 ? true : undefined));

    const stop = await http()
      .post(`/api/chat/conversations/${conversationId}/stop`)
      .set(bearer(alice))
      .expect(200);
    expect(stop.body).toEqual({ stopped: true });
    const events = await stream.ended;
    expect(events.at(-1)).toEqual({ done: true, stopped: true, conversationId });
    const written = streamedText(events);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(chunks.join('').length);

    const reply = (await messages(alice, conversationId!)).find((m) => m.id === assistantMessageId)!;
    expect(reply).toMatchObject({ status: 'stopped', content: written, error: null });
    await eventually(async () => (fake.requests.at(-1)!.abortedByClient ? true : undefined));

    const again = await http()
      .post(`/api/chat/conversations/${conversationId}/stop`)
      .set(bearer(alice))
      .expect(200);
    expect(again.body).toEqual({ stopped: false });
  });

  it('Stop from another instance: the stop_requested flag is seen by the instance writing the reply', async () => {
    fake.script({ kind: 'stream', chunks: Array.from({ length: 40 }, (_, i) => `s${i} `), delayMs: 100 });
    const stream = await send(alice, { message: 'Another slow one.' });
    const { conversationId, assistantMessageId } = await stream.waitFor((e) => !!e.assistantMessageId);
    await stream.waitFor((e) => e.content !== undefined);
    // What POST .../stop on another instance writes.
    await sql(ctx.databaseUrl, `UPDATE chat_messages SET stop_requested = true WHERE id = $1`, [
      assistantMessageId,
    ]);
    const events = await stream.ended;
    expect(events.at(-1)).toEqual({ done: true, stopped: true, conversationId });
    const reply = (await messages(alice, conversationId!)).find((m) => m.id === assistantMessageId)!;
    expect(reply).toMatchObject({ status: 'stopped', content: streamedText(events) });
  });

  it('a provider 500 before the first token (after the retry) ends the stream with an error; the user message is kept', async () => {
    const before = fake.requests.length;
    fake.script({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const { events, conversationId } = await chat(alice, { message: 'Is it going to rain?' });
    expect(fake.requests.length).toBe(before + 2);
    expect(events).toHaveLength(2);
    const last = events[1];
    expect(last).toEqual({
      error: PROVIDER_FAILURES.unreachable.message,
      code: 'AI_UNAVAILABLE',
      conversationId,
    });

    const stored = await messages(alice, conversationId);
    expect(stored.map((m) => [m.role, m.content, m.status, m.error, m.errorCode])).toEqual([
      ['user', 'Is it going to rain?', 'complete', null, null],
      ['assistant', '', 'failed', last.error, 'AI_UNAVAILABLE'],
    ]);
    // The failed, empty reply is left out of the next prompt; the user's message is not.
    await chat(alice, { message: 'Hello again', conversationId });
    expect(fake.requests.at(-1)!.body.messages!.slice(1)).toEqual([
      { role: 'user', content: 'Is it going to rain?' },
      { role: 'user', content: 'Hello again' },
    ]);
  });

  it('a stream dropped mid-reply fails the reply and keeps the partial text', async () => {
    fake.script({ kind: 'drop', chunks: ['Plant', ' early'] });
    const { events, conversationId } = await chat(alice, { message: 'When to plant beans?' });
    expect(streamedText(events)).toBe('Plant early');
    expect(events.at(-1)).toEqual({
      error: PROVIDER_FAILURES.stoppedMidReply.message,
      code: 'AI_STOPPED_MID_REPLY',
      conversationId,
    });
    const reply = (await messages(alice, conversationId)).at(-1)!;
    expect(reply).toMatchObject({
      role: 'assistant',
      status: 'failed',
      content: 'Plant early',
      error: PROVIDER_FAILURES.stoppedMidReply.message,
      errorCode: 'AI_STOPPED_MID_REPLY',
    });
  });

  it("keeps users apart: another user's conversation is a 404 everywhere, never listed or found", async () => {
    const { conversationId } = await chat(alice, { message: 'Secret plantain prices zanzibarword' });
    const path = `/api/chat/conversations/${conversationId}`;
    const notFound = {
      statusCode: 404,
      code: 'CHAT_CONVERSATION_NOT_FOUND',
      message: 'Conversation not found.',
    };
    expect((await http().get(path).set(bearer(bob)).expect(404)).body).toMatchObject(notFound);
    expect(
      (await http().patch(path).set(bearer(bob)).send({ title: 'Mine now' }).expect(404)).body,
    ).toMatchObject(notFound);
    expect((await http().delete(path).set(bearer(bob)).expect(404)).body).toMatchObject(notFound);
    expect((await http().post(`${path}/stop`).set(bearer(bob)).expect(404)).body).toMatchObject(notFound);
    const bobRowsBefore = await countRows(bob.user.id);
    const requestsBefore = fake.requests.length;
    const intrusion = await openChatStream(baseUrl, bob.token, { message: 'hi', conversationId });
    expect(intrusion.status).toBe(404);
    expect(intrusion.headers['content-type']).toMatch(/application\/json/);
    await intrusion.ended;
    expect(JSON.parse(intrusion.raw)).toMatchObject(notFound);
    expect(fake.requests.length).toBe(requestsBefore);
    expect(await countRows(bob.user.id)).toBe(bobRowsBefore);

    expect((await list(bob)).map((c) => c.id)).not.toContain(conversationId);
    const bobSearch = await http()
      .get('/api/chat/search')
      .query({ q: 'zanzibarword' })
      .set(bearer(bob))
      .expect(200);
    expect(bobSearch.body).toEqual([]);
    const aliceSearch = await http()
      .get('/api/chat/search')
      .query({ q: 'zanzibarword' })
      .set(bearer(alice))
      .expect(200);
    expect(aliceSearch.body).toHaveLength(1);
    // Alice's conversation is untouched.
    expect((await messages(alice, conversationId)).length).toBe(2);
    expect((await list(alice)).find((c) => c.id === conversationId)!.title).toBe(
      'Secret plantain prices zanzibarword',
    );
  });

  it('refuses bad bodies with a JSON 400 before any stream, storing nothing', async () => {
    const carol = await register();
    const { conversationId } = await chat(carol, { message: 'first' });
    const rowsBefore = await countRows(carol.user.id);
    const requestsBefore = fake.requests.length;
    const bad: Array<Record<string, unknown>> = [
      {},
      { message: '' },
      { message: '   \n\t ' },
      { message: 42 },
      { message: 'a'.repeat(8001) },
      { message: 'ok', systemPrompt: 's'.repeat(2001) },
      { message: 'ok', systemPrompt: 7 },
      { message: 'ok', unknownField: true },
      { message: 'ok', conversationId: 'not-a-uuid' },
      { message: 'ok', conversationId: 12 },
    ];
    for (const body of bad) {
      const response = await http().post('/api/chat').set(bearer(carol)).send(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    expect(await countRows(carol.user.id)).toBe(rowsBefore);
    expect(fake.requests.length).toBe(requestsBefore);

    // The limits themselves are accepted (8000 characters after trimming, 2000 of systemPrompt).
    const { events } = await chat(carol, {
      message: `  ${'a'.repeat(8000)}  `,
      systemPrompt: 's'.repeat(2000),
      conversationId,
    });
    expect(events.at(-1)).toMatchObject({ done: true });

    // A well-formed id of nobody's conversation.
    await http()
      .post('/api/chat')
      .set(bearer(carol))
      .send({ message: 'ok', conversationId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);

    // Path and query checks.
    await http().get('/api/chat/conversations/not-a-uuid').set(bearer(carol)).expect(400);
    await http()
      .patch(`/api/chat/conversations/${conversationId}`)
      .set(bearer(carol))
      .send({ title: '   ' })
      .expect(400);
    await http()
      .patch(`/api/chat/conversations/${conversationId}`)
      .set(bearer(carol))
      .send({ title: 't'.repeat(121) })
      .expect(400);
    await http().get('/api/chat/search').query({ q: '' }).set(bearer(carol)).expect(400);
    await http()
      .get('/api/chat/search')
      .query({ q: 'q'.repeat(201) })
      .set(bearer(carol))
      .expect(400);
  });

  it('needs a signed-in user on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await http().get('/api/chat/conversations').expect(401);
    await http().get(`/api/chat/conversations/${id}`).expect(401);
    await http().patch(`/api/chat/conversations/${id}`).send({ title: 'x' }).expect(401);
    await http().delete(`/api/chat/conversations/${id}`).expect(401);
    await http().post(`/api/chat/conversations/${id}/stop`).expect(401);
    await http().get('/api/chat/search').query({ q: 'x' }).expect(401);
    await http().post('/api/chat').send({ message: 'hi' }).expect(401);
    await http()
      .post('/api/chat')
      .set('Authorization', 'Bearer nonsense')
      .send({ message: 'hi' })
      .expect(401);
  });

  it('renames (trimmed, without moving the conversation up), deletes, and searches', async () => {
    const dave = await register();
    const older = await chat(dave, { message: 'Cassava mosaic disease on my farm' });
    const newer = await chat(dave, { message: 'Price of fertiliser in Douala' });
    expect((await list(dave)).map((c) => c.id)).toEqual([newer.conversationId, older.conversationId]);

    const renamed = await http()
      .patch(`/api/chat/conversations/${older.conversationId}`)
      .set(bearer(dave))
      .send({ title: '  Cassava problems  ' })
      .expect(200);
    expect(renamed.body).toMatchObject({
      id: older.conversationId,
      title: 'Cassava problems',
      generating: false,
    });
    expect((await list(dave)).map((c) => [c.id, c.title])).toEqual([
      [newer.conversationId, 'Price of fertiliser in Douala'],
      [older.conversationId, 'Cassava problems'],
    ]);

    const hits = (
      await http().get('/api/chat/search').query({ q: 'cassava disease' }).set(bearer(dave)).expect(200)
    ).body as ChatSearchHit[];
    expect(hits).toEqual([
      {
        conversationId: older.conversationId,
        title: 'Cassava problems',
        messageId: older.events[0].userMessageId,
        role: 'user',
        snippet: '«Cassava» mosaic «disease» on my farm',
        createdAt: expect.any(String),
      },
    ]);
    // websearch syntax: quoted phrases, or, and -exclusions.
    const either = (
      await http().get('/api/chat/search').query({ q: 'douala or mosaic' }).set(bearer(dave)).expect(200)
    ).body as ChatSearchHit[];
    expect(either.map((h) => h.conversationId).sort()).toEqual(
      [older.conversationId, newer.conversationId].sort(),
    );
    const replies = (
      await http().get('/api/chat/search').query({ q: '"fake model"' }).set(bearer(dave)).expect(200)
    ).body as ChatSearchHit[];
    expect(replies).toHaveLength(2);
    expect(replies.every((h) => h.role === 'assistant' && h.snippet.includes('«fake» «model»'))).toBe(true);
    const none = await http().get('/api/chat/search').query({ q: '!!!' }).set(bearer(dave)).expect(200);
    expect(none.body).toEqual([]);

    await http().delete(`/api/chat/conversations/${older.conversationId}`).set(bearer(dave)).expect(204);
    await http().get(`/api/chat/conversations/${older.conversationId}`).set(bearer(dave)).expect(404);
    expect((await list(dave)).map((c) => c.id)).toEqual([newer.conversationId]);
    const gone = await sql(ctx.databaseUrl, `SELECT 1 FROM chat_messages WHERE conversation_id = $1`, [
      older.conversationId,
    ]);
    expect(gone).toEqual([]);
    expect(
      (await http().get('/api/chat/search').query({ q: 'cassava' }).set(bearer(dave)).expect(200)).body,
    ).toEqual([]);
  });

  it('deleting a conversation stops its running reply first', async () => {
    fake.script({ kind: 'stream', chunks: Array.from({ length: 40 }, (_, i) => `d${i} `), delayMs: 100 });
    const stream = await send(alice, { message: 'Long answer please' });
    const { conversationId } = await stream.waitFor((e) => !!e.assistantMessageId);
    await stream.waitFor((e) => e.content !== undefined);
    await http().delete(`/api/chat/conversations/${conversationId}`).set(bearer(alice)).expect(204);
    const events = await stream.ended;
    expect(events.at(-1)).toEqual({ done: true, stopped: true, conversationId });
    await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(alice)).expect(404);
    await eventually(async () => (fake.requests.at(-1)!.abortedByClient ? true : undefined));
  });

  it('serialises sends at once in one conversation: turns never interleave, each prompt holds every turn stored before it', async () => {
    const { conversationId } = await chat(alice, { message: 'Start' });
    const texts = ['one at once', 'two at once', 'three at once', 'four at once', 'five at once'];
    const runs = await Promise.all(texts.map((message) => chat(alice, { message, conversationId })));
    for (const run of runs) expect(run.events.at(-1)).toMatchObject({ done: true });

    const stored = await messages(alice, conversationId);
    expect(stored.map((m) => m.role)).toEqual(Array.from({ length: 6 }, () => ['user', 'assistant']).flat());
    for (const run of runs) {
      const userIndex = stored.findIndex((m) => m.id === run.events[0].userMessageId);
      expect(stored[userIndex + 1]).toMatchObject({
        id: run.events[0].assistantMessageId,
        status: 'complete',
      });
    }
    // In stored order, the k-th send's prompt holds the k−1 user messages stored before it.
    const prompts = fake.requests.slice(-texts.length).map((r) => r.body.messages!.map((m) => m.content));
    const storedUsers = stored.filter((m) => m.role === 'user').map((m) => m.content);
    storedUsers.forEach((text, index) => {
      if (index === 0) return;
      const prompt = prompts.find((p) => p.at(-1) === text)!;
      expect({ text, earlier: storedUsers.slice(0, index).filter((t) => !prompt.includes(t)) }).toEqual({
        text,
        earlier: [],
      });
    });
  });
});
