import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  type AuthResponse,
  type ChatMessage,
  type ChatStreamEvent,
  IDEMPOTENCY_KEY_HEADER,
  type UsageFeature,
  VOICE_TURNS_PATH,
  type VoiceTranscript,
} from '@kasa/contracts';
import { PlanCatalog } from '../src/plans';
import { convertAudio } from '../src/processes/ffmpeg';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type FakeOpenAiServer, startFakeOpenAi } from './support/fake-openai-server';
import { goForwardWav } from './support/speech-samples';
import { createTestApp, type TestApp } from './support/test-app';
import { usedIn } from './support/usage-support';

/**
 * POST /api/voice/turns (libs/contracts/src/voice.ts): a recording transcribed by the real
 * voice.transcribe job and answered by the real chat send, against loopback OpenAI-compatible
 * servers or the offline engines (pocketsphinx, the offline advisor), on real PostgreSQL.
 */

const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;
/** goforward.raw: 16 kHz mono 16-bit PCM ("go forward ten meters"), about 3.3 s. */
const goForwardSeconds = (wav: Buffer) => (wav.length - 44) / 32_000;

interface TurnFields {
  [name: string]: string | undefined;
}

function postTurn(
  ctx: TestApp,
  who: AuthResponse,
  audio: Buffer | null,
  fields: TurnFields = {},
  key?: string,
) {
  const call = request(ctx.app.getHttpServer()).post(VOICE_TURNS_PATH).set(bearer(who));
  if (key) void call.set(IDEMPOTENCY_KEY_HEADER, key);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) void call.field(name, value);
  if (audio) void call.attach('audio', audio, { filename: 'question.webm', contentType: 'audio/webm' });
  return call;
}

/** The `data:` events of a finished event stream. */
function eventsOf(text: string): ChatStreamEvent[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent);
}

async function used(ctx: TestApp, who: AuthResponse, feature: UsageFeature): Promise<number> {
  return usedIn(ctx.databaseUrl, who.user.id, feature, thisMonth());
}

async function setUsed(ctx: TestApp, who: AuthResponse, feature: UsageFeature, amount: number) {
  await sql(
    ctx.databaseUrl,
    `INSERT INTO usage_counters (user_id, period, feature, used) VALUES ($1, $2::date, $3, $4)
     ON CONFLICT (user_id, period, feature) DO UPDATE SET used = EXCLUDED.used`,
    [who.user.id, thisMonth(), feature, amount],
  );
}

async function filesOf(ctx: TestApp, who: AuthResponse): Promise<Array<{ id: string; kind: string }>> {
  return sql(ctx.databaseUrl, `SELECT id, kind FROM files WHERE user_id = $1`, [who.user.id]);
}

async function messagesOf(ctx: TestApp, who: AuthResponse, conversationId: string): Promise<ChatMessage[]> {
  const response = await request(ctx.app.getHttpServer())
    .get(`/api/chat/conversations/${conversationId}`)
    .set(bearer(who))
    .expect(200);
  return response.body as ChatMessage[];
}

async function countMessages(ctx: TestApp, who: AuthResponse): Promise<number> {
  const rows = await sql<{ n: string }>(
    ctx.databaseUrl,
    `SELECT count(*) AS n FROM chat_messages WHERE user_id = $1`,
    [who.user.id],
  );
  return Number(rows[0].n);
}

describe('voice turns on loopback speech-to-text and chat servers', () => {
  let ctx: TestApp;
  let fake: FakeOpenAiServer;
  let webm: Buffer;
  let seconds: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const wav = await goForwardWav();
    seconds = Math.ceil(goForwardSeconds(wav));
    webm = await convertAudio(wav, ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm']);
    ctx = await createTestApp('voice_turns_openai', {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: { OPENAI_BASE_URL: fake.baseUrl, AI_MAX_RETRIES: '0', STT_MODEL: 'whisper-1' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  afterEach(() => {
    fake.transcript.text = ' Go forward ten meters. ';
  });

  it('stores the spoken message with its recording and answers it, charging one message and the seconds', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    const key = randomUUID();
    const response = await postTurn(ctx, user, webm, { language: 'auto' }, key).expect(200);
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    const events = eventsOf(response.text);
    const ids = events[0];
    expect(ids.transcription).toMatchObject({
      transcription: 'Go forward ten meters.',
      language: 'en',
      engine: 'whisper-1',
    });
    expect(ids.transcription!.duration).toBeCloseTo(goForwardSeconds(await goForwardWav()), 0);
    expect(events.at(-1)).toMatchObject({ done: true, conversationId: ids.conversationId });
    expect(events.map((event) => event.content ?? '').join('')).toBe('Hello from the fake model.');
    // The model read the transcription as the user's message.
    expect(fake.requests.at(-1)!.body.messages!.at(-1)).toMatchObject({
      role: 'user',
      content: 'Go forward ten meters.',
    });

    const [question, reply] = await messagesOf(ctx, user, ids.conversationId!);
    expect(question).toMatchObject({
      id: ids.userMessageId,
      role: 'user',
      content: 'Go forward ten meters.',
      transcription: 'Go forward ten meters.',
      transcriptionLanguage: 'en',
      recordingId: ids.transcription!.recordingId,
    });
    expect(question.audioUrl).toEqual(expect.any(String));
    expect(reply).toMatchObject({
      id: ids.assistantMessageId,
      status: 'complete',
      content: 'Hello from the fake model.',
      recordingId: null,
    });
    const recording = await request(ctx.app.getHttpServer()).get(question.audioUrl!).expect(200);
    expect(Number(recording.headers['content-length'])).toBe(webm.length);
    expect(await filesOf(ctx, user)).toEqual([{ id: ids.transcription!.recordingId, kind: 'recording' }]);

    expect(await used(ctx, user, 'messagesPerMonth')).toBe(1);
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(seconds);
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(0);
    const sttCalls = fake.transcriptions.length;

    // The same key again: nothing stored, charged or transcribed; the same ids and the reply.
    const again = await postTurn(ctx, user, webm, { language: 'auto' }, key).expect(200);
    const repeated = eventsOf(again.text);
    expect(repeated[0]).toMatchObject({
      conversationId: ids.conversationId,
      userMessageId: ids.userMessageId,
      assistantMessageId: ids.assistantMessageId,
      transcription: { recordingId: ids.transcription!.recordingId, transcription: 'Go forward ten meters.' },
    });
    expect(repeated.map((event) => event.content ?? '').join('')).toBe('Hello from the fake model.');
    expect(fake.transcriptions).toHaveLength(sttCalls);
    expect(await countMessages(ctx, user)).toBe(2);
    expect(await filesOf(ctx, user)).toHaveLength(1);
    expect(await used(ctx, user, 'messagesPerMonth')).toBe(1);
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(seconds);

    // The same key with other audio is another request: refused, nothing done.
    const other = await convertAudio(await goForwardWav(), ['-c:a', 'libopus', '-b:a', '16k', '-f', 'webm']);
    const reused = await postTurn(ctx, user, other, { language: 'auto' }, key).expect(409);
    expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(seconds);
  });

  it('continues a conversation and sends the language hint to speech-to-text', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    const first = eventsOf((await postTurn(ctx, user, webm, {}, randomUUID()).expect(200)).text)[0];
    fake.transcript.text = 'Avancez de dix mètres.';
    const response = await postTurn(
      ctx,
      user,
      webm,
      { language: 'fr', conversationId: first.conversationId },
      randomUUID(),
    ).expect(200);
    const ids = eventsOf(response.text)[0];
    expect(fake.transcriptions.at(-1)).toMatchObject({ language: 'fr', model: 'whisper-1' });
    expect(ids).toMatchObject({ conversationId: first.conversationId, transcription: { language: 'fr' } });
    const messages = await messagesOf(ctx, user, first.conversationId!);
    expect(messages).toHaveLength(4);
    expect(messages[2]).toMatchObject({
      content: 'Avancez de dix mètres.',
      transcriptionLanguage: 'fr',
      parentId: first.assistantMessageId,
    });
    // The recordings are kept with the conversation: deleting it deletes them.
    const recordings = await filesOf(ctx, user);
    expect(recordings.map((file) => file.id)).toContain(ids.transcription!.recordingId);
    await request(ctx.app.getHttpServer())
      .delete(`/api/chat/conversations/${first.conversationId}`)
      .set(bearer(user))
      .expect(204);
    // Both: the first, stored before its conversation existed, was kept with the one it started.
    expect(await filesOf(ctx, user)).toEqual([]);
  });

  it('refuses bytes that are not audio and an empty recording with 400, charging and storing nothing', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    const notAudio = await postTurn(
      ctx,
      user,
      Buffer.from('plain text, not a recording'),
      {},
      randomUUID(),
    ).expect(400);
    expect(notAudio.body).toMatchObject({ code: 'VOICE_NOT_AUDIO' });
    const empty = await postTurn(ctx, user, Buffer.alloc(0), {}, randomUUID()).expect(400);
    expect(empty.body).toMatchObject({ code: 'VOICE_RECORDING_EMPTY' });
    const missing = await postTurn(ctx, user, null, { language: 'en' }).expect(400);
    expect(missing.body).toMatchObject({ code: 'VOICE_AUDIO_MISSING' });
    const badField = await postTurn(ctx, user, webm, { language: 'xx' }).expect(400);
    expect(badField.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const textWithoutRecording = await postTurn(ctx, user, webm, { message: 'Hello' }).expect(400);
    expect(textWithoutRecording.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(0);
    expect(await used(ctx, user, 'messagesPerMonth')).toBe(0);
    expect(await filesOf(ctx, user)).toEqual([]);
    expect(await countMessages(ctx, user)).toBe(0);
  });

  it('answers the usage-limit 429 at the message limit before transcribing: no seconds, no recording', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    const plans = await ctx.app.get(PlanCatalog).all();
    await setUsed(ctx, user, 'messagesPerMonth', plans.BASIC_PLAN.messagesPerMonth);
    const sttCalls = fake.transcriptions.length;
    const refused = await postTurn(ctx, user, webm, {}, randomUUID()).expect(429);
    expect(refused.body).toMatchObject({ code: 'USAGE_LIMIT_EXCEEDED', feature: 'messagesPerMonth' });
    expect(fake.transcriptions).toHaveLength(sttCalls);
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(0);
    expect(await filesOf(ctx, user)).toEqual([]);
  });

  it('gives the seconds back and keeps no recording when nothing was heard', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    fake.transcript.text = '   ';
    const refused = await postTurn(ctx, user, webm, {}, randomUUID()).expect(422);
    expect(refused.body).toMatchObject({ code: 'VOICE_NOTHING_HEARD' });
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(0);
    expect(await used(ctx, user, 'messagesPerMonth')).toBe(0);
    expect(await filesOf(ctx, user)).toEqual([]);
    expect(await countMessages(ctx, user)).toBe(0);
  });

  it('transcribes a stored recording again (recordingId), charging its seconds again, the recording kept', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    const first = eventsOf((await postTurn(ctx, user, webm, {}, randomUUID()).expect(200)).text)[0];
    const recordingId = first.transcription!.recordingId;
    fake.transcript.text = 'Songa mbele mita kumi.';
    const again = await postTurn(
      ctx,
      user,
      null,
      { recordingId, language: 'sw', conversationId: first.conversationId },
      randomUUID(),
    ).expect(200);
    const ids = eventsOf(again.text)[0];
    expect(fake.transcriptions.at(-1)).toMatchObject({ audioBytes: String(webm.length) });
    expect(ids.transcription).toMatchObject({ recordingId, transcription: 'Songa mbele mita kumi.' });
    const messages = await messagesOf(ctx, user, first.conversationId!);
    expect(messages[2]).toMatchObject({ content: 'Songa mbele mita kumi.', recordingId });
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(2 * seconds);
    expect(await used(ctx, user, 'messagesPerMonth')).toBe(2);
    expect(await filesOf(ctx, user)).toHaveLength(1);
  });

  it('confirm=true answers the transcript only; recordingId with the corrected text is then answered for one message', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    const confirmed = await postTurn(ctx, user, webm, { confirm: 'true' }, randomUUID()).expect(200);
    const transcript = confirmed.body as VoiceTranscript;
    expect(transcript).toMatchObject({
      transcription: 'Go forward ten meters.',
      language: 'en',
      engine: 'whisper-1',
      audioUrl: expect.any(String),
    });
    expect(await countMessages(ctx, user)).toBe(0);
    expect(await used(ctx, user, 'messagesPerMonth')).toBe(0);
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(seconds);
    const sttCalls = fake.transcriptions.length;

    const response = await postTurn(
      ctx,
      user,
      null,
      { recordingId: transcript.recordingId, message: 'Go forward twelve meters.', language: 'en' },
      randomUUID(),
    ).expect(200);
    const events = eventsOf(response.text);
    expect(events[0].transcription).toMatchObject({
      recordingId: transcript.recordingId,
      transcription: 'Go forward twelve meters.',
    });
    expect(events.at(-1)).toMatchObject({ done: true });
    const [question] = await messagesOf(ctx, user, events[0].conversationId!);
    expect(question).toMatchObject({
      content: 'Go forward twelve meters.',
      recordingId: transcript.recordingId,
      transcriptionLanguage: 'en',
    });
    expect(fake.transcriptions).toHaveLength(sttCalls);
    expect(await used(ctx, user, 'messagesPerMonth')).toBe(1);
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(seconds);
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(0);
    expect(await filesOf(ctx, user)).toHaveLength(1);

    // Another user cannot use this recording.
    const stranger = await registerUser(ctx.app, { prefix: 'turn' });
    const foreign = await postTurn(
      ctx,
      stranger,
      null,
      { recordingId: transcript.recordingId },
      randomUUID(),
    ).expect(404);
    expect(foreign.body).toMatchObject({ code: 'VOICE_RECORDING_NOT_FOUND' });
    expect(await used(ctx, stranger, 'voiceMinutesPerMonth')).toBe(0);
    expect(await used(ctx, stranger, 'messagesPerMonth')).toBe(0);
  });
});

describe('voice turns on the offline engines (pocketsphinx and the offline advisor)', () => {
  let ctx: TestApp;
  let webm: Buffer;

  beforeAll(async () => {
    webm = await convertAudio(await goForwardWav(), ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm']);
    ctx = await createTestApp('voice_turns_offline', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
  });
  afterAll(() => ctx?.close());

  it('transcribes real speech sent as Opus in WebM and answers it offline', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    const response = await postTurn(ctx, user, webm, { language: 'auto' }, randomUUID()).expect(200);
    const events = eventsOf(response.text);
    expect(events[0].transcription).toMatchObject({ engine: 'pocketsphinx', language: 'en' });
    expect(events[0].transcription!.transcription.toLowerCase()).toContain('forward');
    expect(events.at(-1)).toMatchObject({ done: true });
    expect(events.map((event) => event.content ?? '').join('').length).toBeGreaterThan(0);
    const [question, reply] = await messagesOf(ctx, user, events[0].conversationId!);
    expect(question).toMatchObject({
      transcriptionLanguage: 'en',
      recordingId: events[0].transcription!.recordingId,
    });
    expect(reply.status).toBe('complete');
    // "Go forward" finds nothing in the advisor's pages: a reply that found nothing says so and
    // costs no message (docs/product.md#chat-without-an-ai-model); the recording's seconds count.
    expect(reply.content).toContain('This question was not counted in your monthly messages.');
    expect(await used(ctx, user, 'messagesPerMonth')).toBe(0);
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBeGreaterThan(0);
  });

  it('refuses a language pocketsphinx cannot transcribe with 400, naming English, charging nothing', async () => {
    const user = await registerUser(ctx.app, { prefix: 'turn' });
    const refused = await postTurn(ctx, user, webm, { language: 'fr' }, randomUUID()).expect(400);
    expect(refused.body).toMatchObject({ code: 'VOICE_LANGUAGE_UNSUPPORTED' });
    expect(refused.body.message).toContain('English');
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(0);
    expect(await used(ctx, user, 'messagesPerMonth')).toBe(0);
    expect(await filesOf(ctx, user)).toEqual([]);
  });
});
