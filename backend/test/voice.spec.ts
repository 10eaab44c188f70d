import { performance } from 'node:perf_hooks';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import type { INestApplication } from '@nestjs/common';
import Busboy from 'busboy';
import request from 'supertest';
import type {
  AuthResponse,
  ChatMessage,
  SpeechFormat,
  SpeechResult,
  TranscriptionResult,
  UsageFeature,
  VoiceCapabilities,
} from '@kasa/contracts';
import { convertAudio } from '../src/processes/ffmpeg';
import { GENEROUS_RATE_LIMITS, bearer, registerUser } from './support/accounts';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';
import { createTestApp, type QueueBackend, type TestApp } from './support/test-app';
import { listen, sql } from './chat-support';
import { usedIn } from './support/usage-support';
import { goForwardOpus, goForwardWav } from './support/speech-samples';

const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

/** Whether some bytes start the way the format's files do. */
const MAGIC: Record<SpeechFormat, (bytes: Buffer) => boolean> = {
  mp3: (b) => b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0),
  opus: (b) => b.subarray(0, 4).toString('latin1') === 'OggS' && b.includes(Buffer.from('OpusHead')),
  aac: (b) => b[0] === 0xff && (b[1] & 0xf6) === 0xf0,
  flac: (b) => b.subarray(0, 4).toString('latin1') === 'fLaC',
};
const CONTENT_TYPE: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

/** Collects a response's bytes, whatever its content type (superagent would parse some as text). */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

async function fetchFile(app: INestApplication, url: string): Promise<{ type: string; bytes: Buffer }> {
  const response = await request(app.getHttpServer()).get(url).buffer(true).parse(binary).expect(200);
  return { type: response.headers['content-type'], bytes: response.body as Buffer };
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

function transcribe(
  app: INestApplication,
  who: AuthResponse,
  audio: Buffer,
  fields: Record<string, string> = {},
) {
  const call = request(app.getHttpServer()).post('/api/voice/transcribe').set(bearer(who));
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  return call.attach('audio', audio, { filename: 'recording.wav', contentType: 'audio/wav' });
}

async function newConversation(app: INestApplication, who: AuthResponse): Promise<string> {
  const sent = await request(app.getHttpServer())
    .post('/api/chat')
    .set(bearer(who))
    .send({ message: 'Hello' })
    .expect(200);
  return /"conversationId":"([^"]+)"/.exec(sent.text)![1];
}

const execFileAsync = promisify(execFile);

/** The uploads being received (removed once each request is answered, however it ends). */
const uploadsIn = (ctx: TestApp) => {
  const dir = join(ctx.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/**
 * A long WAV of silence (8 channels of 32-bit float at 192 kHz: 40 MB last 6.8 s, so the offline
 * engine decodes it quickly), written to disk so the client streams it rather than holding it.
 */
async function writeSilentWav(path: string, dataBytes: number): Promise<void> {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(3, 20);
  header.writeUInt16LE(8, 22);
  header.writeUInt32LE(192_000, 24);
  header.writeUInt32LE(192_000 * 32, 28);
  header.writeUInt16LE(32, 32);
  header.writeUInt16LE(32, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  // Written a megabyte at a time: a 40 MB buffer here would still be counted when the test measures.
  const out = createWriteStream(path);
  out.write(header);
  const silence = Buffer.alloc(1024 * 1024);
  for (let left = dataBytes; left > 0; left -= silence.length)
    if (!out.write(silence.subarray(0, Math.min(left, silence.length))))
      await new Promise<void>((drained) => out.once('drain', () => drained()));
  await new Promise<void>((closed, failed) => out.end(() => closed()).on('error', failed));
}

/**
 * The client of postStreamed, in a process of its own so its buffers never count in this
 * process's memory: streams the file as multipart, prints the status and body, or, given an
 * `abortAfter`, cuts the connection once that many bytes of the file are sent.
 */
const STREAMING_CLIENT = `
const [url, token, path, abortAfter] = process.argv.slice(1);
const boundary = 'kasa-voice-boundary';
const call = require('node:http').request(url, {
  method: 'POST',
  headers: { authorization: 'Bearer ' + token, 'content-type': 'multipart/form-data; boundary=' + boundary },
});
call.on('response', (response) => {
  const chunks = [];
  response.on('data', (chunk) => chunks.push(chunk));
  response.on('end', () => console.log(JSON.stringify({ status: response.statusCode, body: JSON.parse(Buffer.concat(chunks)) })));
});
call.on('error', () => console.log(JSON.stringify({ status: 0, body: {} })));
call.write('--' + boundary + '\\r\\nContent-Disposition: form-data; name="audio"; filename="long.wav"\\r\\nContent-Type: audio/wav\\r\\n\\r\\n');
const file = require('node:fs').createReadStream(path);
let sent = 0;
file.on('data', (chunk) => {
  sent += chunk.length;
  if (abortAfter && sent >= Number(abortAfter)) {
    file.destroy();
    call.destroy();
  }
});
file.on('end', () => call.end('\\r\\n--' + boundary + '--\\r\\n'));
file.pipe(call, { end: false });
`;

/** POSTs a file on disk to /api/voice/transcribe, streamed by another process (status 0: cut). */
async function postStreamed(
  baseUrl: string,
  who: AuthResponse,
  path: string,
  abortAfter?: number,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const args = ['-e', STREAMING_CLIENT, `${baseUrl}/api/voice/transcribe`, who.token, path];
  const { stdout } = await execFileAsync(process.execPath, abortAfter ? [...args, String(abortAfter)] : args);
  return JSON.parse(stdout) as { status: number; body: Record<string, unknown> };
}

/** The live heap and buffers after a full collection (gc exposed at run time, not by a flag). */
function retainedBytes(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe.each<QueueBackend>(['postgres', 'redis'])('voice with the queue on %s', (queue) => {
  describe('offline engines (eSpeak NG and pocketsphinx)', () => {
    let ctx: TestApp;
    let wav: Buffer;
    const http = () => request(ctx.app.getHttpServer());

    beforeAll(async () => {
      ctx = await createTestApp(`voice_${queue}`, { queue, config: { rateLimits: GENEROUS_RATE_LIMITS } });
      wav = await goForwardWav();
    });
    afterAll(() => ctx?.close());

    it.each<SpeechFormat>(['mp3', 'opus', 'aac', 'flac'])(
      'speaks %s: a signed link serving real audio, the seconds counted',
      async (format) => {
        const user = await registerUser(ctx.app, { prefix: 'voice' });
        const response = await http()
          .post('/api/voice/speak')
          .set(bearer(user))
          .send({ text: '  Plant maize when the rains begin.  ', voice: 'nova', format })
          .expect(200);
        const result = response.body as SpeechResult;
        expect(result).toMatchObject({
          voice: 'nova',
          format,
          text: 'Plant maize when the rains begin.',
          engine: 'espeak-ng',
        });
        expect(result.duration).toBeGreaterThan(0.5);
        expect(result.duration).toBeLessThan(10);
        const file = await fetchFile(ctx.app, result.audioUrl);
        expect(file.type).toBe(CONTENT_TYPE[format]);
        expect(MAGIC[format](file.bytes)).toBe(true);
        // Settled to the real duration, not the estimate taken before.
        expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(Math.ceil(result.duration));
      },
    );

    it('defaults to alloy and mp3, and refuses blank text, unknown voices and formats', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const spoken = await http()
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text: 'Hello' })
        .expect(200);
      expect(spoken.body).toMatchObject({ voice: 'alloy', format: 'mp3' });

      const blank = await http().post('/api/voice/speak').set(bearer(user)).send({ text: '   ' }).expect(400);
      expect(blank.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: ['Please enter text to convert to speech.'],
      });
      const tooLong = await http()
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text: 'a'.repeat(4001) })
        .expect(400);
      expect(tooLong.body.details).toEqual(['The text can be at most 4000 characters long.']);
      await http()
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text: 'Hi', voice: 'robot' })
        .expect(400);
      await http().post('/api/voice/speak').set(bearer(user)).send({ text: 'Hi', format: 'wav' }).expect(400);
    });

    it('answers the exact 429 to a Basic user near the 600-second limit, and runs nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      await setUsed(ctx, user, 'voiceMinutesPerMonth', 595);
      const refused = await http()
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text: 'Plant maize when the rains begin.' })
        .expect(429);
      expect(refused.body).toEqual({
        error: 'Usage limit exceeded',
        feature: 'voiceMinutesPerMonth',
        current: 595,
        limit: 600,
        upgradeRequired: true,
        code: 'USAGE_LIMIT_EXCEEDED',
      });
      expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(595);

      // The recording's 3 seconds (2.6 rounded up) no longer fit in 599 either.
      await setUsed(ctx, user, 'voiceMinutesPerMonth', 598);
      const upload = await transcribe(ctx.app, user, wav).expect(429);
      expect(upload.body).toMatchObject({ feature: 'voiceMinutesPerMonth', current: 598, limit: 600 });
      expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(0);
    });

    it('transcribes real human speech, stores the recording and counts one upload and its seconds', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const response = await transcribe(ctx.app, user, wav).expect(200);
      const result = response.body as TranscriptionResult;
      expect(result.transcription).toMatch(/\bgo forward\b/);
      expect(result).toMatchObject({ language: 'en', engine: 'pocketsphinx' });
      const exactSeconds = (wav.length - 44) / 32_000;
      expect(result.duration).toBe(Math.round(exactSeconds * 10) / 10);
      const stored = await fetchFile(ctx.app, result.audioUrl);
      expect(stored.type).toBe('audio/wav');
      expect(stored.bytes.equals(wav)).toBe(true);
      expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(1);
      expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(Math.ceil(result.duration));
    });

    it('makes the transcription a message of the conversation, there after a reload', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const conversationId = await newConversation(ctx.app, user);
      const mp3 = await convertAudio(wav, ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3']);
      const response = await transcribe(ctx.app, user, mp3, { conversationId }).expect(200);
      const { transcription } = response.body as TranscriptionResult;
      expect(transcription).toMatch(/\bforward\b/);

      const messages = (
        await http().get(`/api/chat/conversations/${conversationId}`).set(bearer(user)).expect(200)
      ).body as ChatMessage[];
      const last = messages[messages.length - 1];
      expect(last).toMatchObject({ role: 'user', content: transcription, transcription });
      const audio = await fetchFile(ctx.app, last.audioUrl!);
      expect(audio.type).toBe('audio/mpeg');
      expect(audio.bytes.equals(mp3)).toBe(true);
    });

    it("answers 404 for another user's conversation and charges nothing", async () => {
      const [alice, bob] = [
        await registerUser(ctx.app, { prefix: 'voice' }),
        await registerUser(ctx.app, { prefix: 'voice' }),
      ];
      const conversationId = await newConversation(ctx.app, alice);
      const refused = await transcribe(ctx.app, bob, wav, { conversationId }).expect(404);
      expect(refused.body).toMatchObject({ code: 'CHAT_CONVERSATION_NOT_FOUND' });
      expect(await used(ctx, bob, 'audioUploadsPerMonth')).toBe(0);
      expect(await used(ctx, bob, 'voiceMinutesPerMonth')).toBe(0);
    });

    it("transcribes a browser's Opus recording (WebM without a duration, and Ogg) like a WAV", async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      for (const container of ['webm', 'ogg'] as const) {
        const opus = await goForwardOpus(container);
        const response = await http()
          .post('/api/voice/transcribe')
          .set(bearer(user))
          .attach('audio', opus, { filename: `recording.${container}`, contentType: `audio/${container}` })
          .expect(200);
        const result = response.body as TranscriptionResult;
        expect(result.transcription).toMatch(/\bgo forward\b/);
        expect(result).toMatchObject({ language: 'en', engine: 'pocketsphinx' });
        expect(Math.abs(result.duration - (wav.length - 44) / 32_000)).toBeLessThanOrEqual(0.1);
        expect((await fetchFile(ctx.app, result.audioUrl)).bytes.equals(opus)).toBe(true);
      }
      expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(2);
    });

    it('takes English or auto as the language, and refuses French with 400 charging nothing', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      for (const language of ['en', 'auto']) {
        const heard = await transcribe(ctx.app, user, wav, { language }).expect(200);
        expect(heard.body).toMatchObject({ language: 'en' });
      }
      const charged = await used(ctx, user, 'voiceMinutesPerMonth');

      const refused = await transcribe(ctx.app, user, wav, { language: 'fr' }).expect(400);
      expect(refused.body).toMatchObject({ code: 'VOICE_LANGUAGE_UNSUPPORTED' });
      expect(refused.body.message).toMatch(/Français.*English only/);
      const invalid = await transcribe(ctx.app, user, wav, { language: 'french' }).expect(400);
      expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(invalid.body.message).toMatch(/^language must be one of auto, en, fr/);
      expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(2);
      expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(charged);
      expect(uploadsIn(ctx)).toEqual([]);
    });

    it('says what the offline engines can do', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      await http().get('/api/voice/capabilities').expect(401);
      const response = await http().get('/api/voice/capabilities').set(bearer(user)).expect(200);
      expect(response.body).toEqual({
        speechToText: {
          available: true,
          engine: 'pocketsphinx',
          languages: ['en'],
          detectsLanguage: false,
          unavailableReason: null,
        },
        textToSpeech: { engine: 'espeak-ng' },
      } satisfies VoiceCapabilities);
    });

    it('refuses a file that is not audio by its bytes, whatever its name and declared type', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const refused = await transcribe(ctx.app, user, Buffer.from('%PDF-1.7 not a recording at all')).expect(
        415,
      );
      expect(refused.body).toMatchObject({
        code: 'VOICE_NOT_AUDIO',
        message: expect.stringMatching(/^Please select an audio file/),
      });
      const none = await http()
        .post('/api/voice/transcribe')
        .set(bearer(user))
        .field('conversationId', '')
        .expect(400);
      expect(none.body.code).toMatch(/^(VOICE_AUDIO_MISSING|VALIDATION_FAILED)$/);
      const noFile = await http()
        .post('/api/voice/transcribe')
        .set(bearer(user))
        .attach('picture', wav, 'a.wav')
        .expect(400);
      expect(noFile.body.code).toBe('VOICE_AUDIO_MISSING');
      const twoFiles = await http()
        .post('/api/voice/transcribe')
        .set(bearer(user))
        .attach('audio', wav, 'a.wav')
        .attach('audio', wav, 'b.wav')
        .expect(400);
      expect(twoFiles.body.code).toBe('VOICE_AUDIO_MISSING');
      const extraField = await transcribe(ctx.app, user, wav, { prompt: 'hi' }).expect(400);
      expect(extraField.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: ['property prompt should not exist'],
      });
      const badId = await transcribe(ctx.app, user, wav, { conversationId: 'not-a-uuid' }).expect(400);
      expect(badId.body.details).toEqual(['conversationId must be a conversation id (a UUID).']);
      const tooLarge = await transcribe(
        ctx.app,
        user,
        Buffer.concat([wav, Buffer.alloc(50 * 1024 * 1024)]),
      ).expect(413);
      expect(tooLarge.body.code).toBe('VOICE_AUDIO_TOO_LARGE');
      const json = await http()
        .post('/api/voice/transcribe')
        .set(bearer(user))
        .send({ audio: 'x' })
        .expect(415);
      expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(0);
      expect(uploadsIn(ctx)).toEqual([]);
    });

    it('streams a 40 MB upload through a temporary file: memory stays flat and nothing is left behind', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const size = 40 * 1024 * 1024;
      const dir = await mkdtemp(join(tmpdir(), 'kasa-voice-test-'));
      const path = join(dir, 'long.wav');
      await writeSilentWav(path, size);
      const baseUrl = await listen(ctx.app);
      try {
        const before = retainedBytes();
        let peak = before;
        // Each sample is a full collection of this process, which also runs the server: on the
        // large heap of a whole test run one takes long, so samples leave the server at least 4x
        // that time to work (every 100 ms starved it, and the upload never finished).
        let sampling = true;
        let timer: NodeJS.Timeout | undefined;
        // A test that times out must not leave the sampler starving the tests after it.
        const samplingEnds = performance.now() + 90_000;
        const sample = () => {
          const started = performance.now();
          peak = Math.max(peak, retainedBytes());
          if (sampling && started < samplingEnds)
            timer = setTimeout(sample, Math.max(100, 4 * (performance.now() - started)));
        };
        timer = setTimeout(sample, 100);
        const answer = await postStreamed(baseUrl, user, path).finally(() => {
          sampling = false;
          clearTimeout(timer);
        });
        peak = Math.max(peak, retainedBytes());
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ duration: 6.8, engine: 'pocketsphinx' });
        // Held in memory, the upload would stay there, whole, until the request ends: at least its
        // size. Streamed, what the sampler sees is garbage in flight (0.6x the size at most in CI
        // runs, collected later), never the whole file.
        expect(peak - before).toBeLessThan(size * 0.9);
        const stored = await fetchFile(ctx.app, answer.body.audioUrl as string);
        expect(stored.bytes.length).toBe(size + 44);
        expect(uploadsIn(ctx)).toEqual([]);

        // Cut halfway: the partial upload is removed too, and nothing is charged.
        await postStreamed(baseUrl, user, path, size / 2);
        for (let wait = 0; uploadsIn(ctx).length && wait < 50; wait++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(uploadsIn(ctx)).toEqual([]);
        expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(1);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  describe('OpenAI-compatible engines (a loopback server)', () => {
    let ctx: TestApp;
    let server: LoopbackServer;
    let speechAudio: Buffer;
    let wav: Buffer;
    let failWith: number | undefined;
    const speechCalls: Record<string, unknown>[] = [];
    const transcriptionCalls: Record<string, string>[] = [];
    const http = () => request(ctx.app.getHttpServer());

    function readMultipart(req: IncomingMessage): Promise<Record<string, string>> {
      return new Promise((resolve, reject) => {
        const fields: Record<string, string> = {};
        const parser = Busboy({ headers: req.headers });
        parser.on('field', (name, value) => (fields[name] = value));
        parser.on('file', (_name, stream) => stream.resume());
        parser.on('close', () => resolve(fields));
        parser.on('error', reject);
        req.pipe(parser);
      });
    }

    beforeAll(async () => {
      wav = await goForwardWav();
      speechAudio = await convertAudio(wav, ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3']);
      server = await startLoopbackServer(async (req, res) => {
        if (failWith) {
          req.resume();
          res.writeHead(failWith, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'failing on purpose' } }));
          return;
        }
        if (req.url === '/v1/audio/speech') {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          speechCalls.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
          res.writeHead(200, { 'content-type': 'audio/mpeg' });
          res.end(speechAudio);
          return;
        }
        const fields = await readMultipart(req);
        transcriptionCalls.push(fields);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            task: 'transcribe',
            // As whisper-1: the language's English name (the hint's, when one was sent).
            language: fields.language === 'fr' ? 'french' : 'english',
            duration: 99,
            text: ` Go forward ten meters (${fields.model}). `,
          }),
        );
      });
      ctx = await createTestApp(`voice_openai_${queue}`, {
        queue,
        config: { rateLimits: GENEROUS_RATE_LIMITS },
        env: {
          OPENAI_BASE_URL: `${server.origin}/v1`,
          AI_MAX_RETRIES: '0',
          TTS_MODEL: 'tts-1-hd',
          STT_MODEL: 'Systran/faster-whisper-small',
        },
      });
    });
    afterAll(async () => {
      await ctx?.close();
      await server?.close();
    });
    afterEach(() => {
      failWith = undefined;
    });

    it('speaks through audio.speech and stores what the server sent', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const response = await http()
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text: 'Go forward ten meters.', voice: 'onyx', format: 'mp3' })
        .expect(200);
      expect(response.body).toMatchObject({ engine: 'tts-1-hd', voice: 'onyx', format: 'mp3' });
      expect(speechCalls.at(-1)).toMatchObject({
        model: 'tts-1-hd',
        voice: 'onyx',
        input: 'Go forward ten meters.',
      });
      const file = await fetchFile(ctx.app, (response.body as SpeechResult).audioUrl);
      expect(file.bytes.equals(speechAudio)).toBe(true);
      // ffprobe measured the server's audio: about 2.6 s.
      expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(
        Math.ceil((response.body as SpeechResult).duration),
      );
    });

    it('transcribes through audio.transcriptions', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const response = await transcribe(ctx.app, user, wav).expect(200);
      expect(response.body).toMatchObject({
        transcription: 'Go forward ten meters (Systran/faster-whisper-small).',
        language: 'en',
        engine: 'Systran/faster-whisper-small',
        duration: Math.round(((wav.length - 44) / 32_000) * 10) / 10,
      });
      expect(transcriptionCalls.at(-1)).not.toHaveProperty('language');
    });

    it("sends the user's language to the server as its hint, and answers the language's code", async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const response = await transcribe(ctx.app, user, wav, { language: 'fr' }).expect(200);
      expect(transcriptionCalls.at(-1)).toMatchObject({
        language: 'fr',
        model: 'Systran/faster-whisper-small',
      });
      expect(response.body).toMatchObject({ language: 'fr' });

      await transcribe(ctx.app, user, wav, { language: 'auto' }).expect(200);
      expect(transcriptionCalls.at(-1)).not.toHaveProperty('language');
    });

    it('says what the server engines can do', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      const response = await http().get('/api/voice/capabilities').set(bearer(user)).expect(200);
      expect(response.body).toEqual({
        speechToText: {
          available: true,
          engine: 'Systran/faster-whisper-small',
          languages: null,
          detectsLanguage: true,
          unavailableReason: null,
        },
        textToSpeech: { engine: 'tts-1-hd' },
      } satisfies VoiceCapabilities);
    });

    it('gives the seconds back when the speech job fails after its retries', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      // Earlier use stays: a refund given twice would take it too.
      await setUsed(ctx, user, 'voiceMinutesPerMonth', 10);
      failWith = 503;
      const failed = await http()
        .post('/api/voice/speak')
        .set(bearer(user))
        .send({ text: 'Hello there.' })
        .expect(502);
      expect(failed.body).toMatchObject({ code: 'JOB_FAILED' });
      expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(10);
    });

    it('gives the upload and its seconds back when the provider refuses the transcription', async () => {
      const user = await registerUser(ctx.app, { prefix: 'voice' });
      // Earlier use stays: a refund given twice would take it too.
      await setUsed(ctx, user, 'audioUploadsPerMonth', 2);
      await setUsed(ctx, user, 'voiceMinutesPerMonth', 10);
      failWith = 401;
      const failed = await transcribe(ctx.app, user, wav).expect(502);
      expect(failed.body).toMatchObject({ code: 'AI_AUTH_FAILED' });
      expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(2);
      expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(10);
    });
  });
});

describe('voice without the offline speech-to-text engine', () => {
  const ADMIN = 'voice_no_stt_admin';
  let ctx: TestApp;
  let admin: AuthResponse;
  beforeAll(async () => {
    // A machine without pocketsphinx, through the real configuration: a model folder that does not exist
    // (the program's path alone no longer says it: python3-pocketsphinx does without the program).
    ctx = await createTestApp('voice_no_stt', {
      config: { rateLimits: GENEROUS_RATE_LIMITS },
      env: { STT_ENGINE: 'offline', POCKETSPHINX_MODEL_DIR: '/nonexistent/model', ADMIN_USERNAMES: ADMIN },
    });
    admin = (
      await request(ctx.app.getHttpServer())
        .post('/api/auth/register')
        .send({ username: ADMIN, password: 'secret123' })
        .expect(201)
    ).body as AuthResponse;
  });
  afterAll(() => ctx?.close());

  it('answers 503 STT_UNAVAILABLE, "not available on this server" without what to install, charging nothing and keeping nothing', async () => {
    const user = await registerUser(ctx.app, { prefix: 'voice' });
    const refused = await transcribe(ctx.app, user, await goForwardWav()).expect(503);
    expect(refused.body).toMatchObject({
      code: 'STT_UNAVAILABLE',
      message: 'Transcription is not available on this server.',
    });
    expect(JSON.stringify(refused.body)).not.toMatch(/pocketsphinx|STT_ENGINE|OPENAI_BASE_URL/);
    expect(await used(ctx, user, 'audioUploadsPerMonth')).toBe(0);
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(0);
    expect(uploadsIn(ctx)).toEqual([]);
  });

  it('tells an administrator what to install or set, in `configure`', async () => {
    const refused = await transcribe(ctx.app, admin, await goForwardWav()).expect(503);
    expect(refused.body).toMatchObject({
      code: 'STT_UNAVAILABLE',
      message: 'Transcription is not available on this server.',
    });
    expect(refused.body.configure).toMatch(/\/nonexistent\/model\/en-us\b/);
    expect(refused.body.configure).toMatch(/pocketsphinx-en-us/);
    expect(refused.body.configure).toMatch(/STT_ENGINE=openai-compatible/);
  });

  it('says so in its capabilities, with the reason for an administrator only', async () => {
    const user = await registerUser(ctx.app, { prefix: 'voice' });
    const capabilities = async (who: AuthResponse) =>
      (await request(ctx.app.getHttpServer()).get('/api/voice/capabilities').set(bearer(who)).expect(200))
        .body as VoiceCapabilities;
    const body = await capabilities(user);
    expect(body).toMatchObject({
      speechToText: { available: false, engine: null, languages: ['en'], detectsLanguage: false },
      textToSpeech: { engine: 'espeak-ng' },
    });
    expect(body.speechToText.unavailableReason).toBeNull();
    expect((await capabilities(admin)).speechToText.unavailableReason).toMatch(/pocketsphinx-en-us/);
  });
});

describe('POST /api/voice/speak body validation', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp('voice_speak_body', { config: { rateLimits: GENEROUS_RATE_LIMITS } });
  });
  afterAll(() => ctx?.close());

  it('answers 400 to null and every wrong type in each field, charging nothing', async () => {
    const user = await registerUser(ctx.app, { prefix: 'voice' });
    const wrong: unknown[] = [null, 42, true, [], ['nova'], {}, { voice: 'nova' }];
    const bodies = [
      ...wrong.map((text) => ({ text })),
      ...wrong.map((voice) => ({ text: 'Hi', voice })),
      ...wrong.map((format) => ({ text: 'Hi', format })),
    ];
    for (const body of bodies) {
      const response = await request(ctx.app.getHttpServer())
        .post('/api/voice/speak')
        .set(bearer(user))
        .send(body);
      expect({ body, status: response.status, code: response.body.code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      const field = Object.keys(body).find((key) => key !== 'text') ?? 'text';
      const expected = {
        text: 'Please enter text to convert to speech.',
        voice: 'voice must be one of alloy, echo, fable, onyx, nova, shimmer.',
        format: 'format must be one of mp3, opus, aac, flac.',
      }[field];
      expect(response.body.details).toEqual([expected]);
    }
    expect(await used(ctx, user, 'voiceMinutesPerMonth')).toBe(0);
  });
});
