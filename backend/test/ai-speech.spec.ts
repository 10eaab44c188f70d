import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AiConfig } from '../src/config';
import { ChatModelError } from '../src/ai/chat-model.port';
import { detectAudioType } from '../src/ai/audio/audio-type';
import { probeDurationSeconds } from '../src/processes/ffmpeg';
import { VoiceEngineError } from '../src/ai/audio/voice-engine.error';
import { EspeakSpeech } from '../src/ai/speech/espeak-ng.speech';
import { EspeakChildPool } from '../src/ai/speech/espeak-child-pool';
import { ESPEAK_LANGUAGES, ESPEAK_VARIANTS, FALLBACK_LANGUAGE } from '../src/ai/speech/espeak-voices';
import { OpenAiSpeech } from '../src/ai/speech/openai.speech';
import { SPEECH_VOICES } from '../src/ai/speech/speech.port';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';

/** The offline engine keeps eSpeak NG children and spawns ffmpeg for each call: real processes, real bytes. */
jest.setTimeout(60_000);

/** Resolves once no process has this pid (killed processes are reaped asynchronously). */
async function waitUntilGone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('offline text-to-speech (eSpeak NG out of process, then ffmpeg)', () => {
  const speech = new EspeakSpeech();
  const english = 'Hello, and welcome to Kasa. Your assistant is ready to help you today.';
  afterAll(() => speech.onModuleDestroy());

  it.each([
    ['mp3', 'mp3', 'audio/mpeg'],
    ['opus', 'ogg', 'audio/ogg'],
    ['aac', 'aac', 'audio/aac'],
    ['flac', 'flac', 'audio/flac'],
  ] as const)(
    'speaks %s in a real %s container that ffprobe measures',
    async (format, container, contentType) => {
      const result = await speech.synthesize({ text: english, voice: 'alloy', format });

      expect(result).toMatchObject({ format, contentType, engine: 'espeak-ng', language: 'eng' });
      expect(detectAudioType(result.audio)?.container).toBe(container);
      if (format === 'opus') expect(result.audio.includes(Buffer.from('OpusHead'))).toBe(true);
      const probed = await probeDurationSeconds(result.audio);
      expect(probed).toBeGreaterThan(1);
      // eSpeak's own sample count and ffprobe agree on the length (encoders pad a few frames, and
      // ADTS has no length header: ffprobe estimates it from the bit rate).
      expect(Math.abs(probed - result.durationSeconds!)).toBeLessThan(0.35);
    },
  );

  it.each([
    ['French', 'Bonjour, je voudrais savoir comment fonctionne mon abonnement ce mois-ci.', 'fra'],
    ['Swahili', 'Habari ya asubuhi, rafiki yangu. Leo ni siku nzuri sana kwa kazi.', 'swh'],
    ['Amharic', 'ሰላም ነው? እንዴት ነህ? ዛሬ በጣም ጥሩ ቀን ነው።', 'amh'],
    ['a single word', 'Hi', 'eng'],
  ])('speaks %s with the voice of its language', async (_name, text, language) => {
    const result = await speech.synthesize({ text, voice: 'nova', format: 'mp3' });
    expect(result.language).toBe(language);
    expect(result.durationSeconds).toBeGreaterThan(0);
  });

  it('fails clearly, instead of speaking with a default voice, when a variant does not exist', async () => {
    const broken = new EspeakSpeech({ variants: { ...ESPEAK_VARIANTS, echo: 'no-such-variant' } });
    const failure = await broken
      .synthesize({ text: english, voice: 'echo', format: 'mp3' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VoiceEngineError);
    expect(failure).toMatchObject({ code: 'VOICE_ENGINE_FAILED' });
    expect((failure as VoiceEngineError).detail).toMatch(/no voice variant no-such-variant/);
    // The refusal is an answer, not a crash: the same warm child speaks the next request.
    const [pid] = broken.children.pids();
    await broken.synthesize({ text: english, voice: 'alloy', format: 'flac' });
    expect(broken.children.pids()).toEqual([pid]);
    broken.onModuleDestroy();
  });

  describe('its warm eSpeak NG children', () => {
    const warm = new EspeakSpeech({ children: 1 });
    afterAll(() => warm.onModuleDestroy());

    it('speak request after request in one child process, and a killed child is replaced', async () => {
      expect(warm.children.pids()).toEqual([]);
      const first = await warm.synthesize({ text: 'Good morning.', voice: 'alloy', format: 'flac' });
      const [pid] = warm.children.pids();
      expect(pid).toBeGreaterThan(0);
      const second = await warm.synthesize({ text: 'Good morning.', voice: 'alloy', format: 'flac' });
      expect(warm.children.pids()).toEqual([pid]);
      // eSpeak NG varies a voice slightly from one utterance to the next: the same length, not the same bytes.
      expect(Math.abs(second.durationSeconds! - first.durationSeconds!)).toBeLessThanOrEqual(0.1);

      process.kill(pid, 'SIGKILL');
      await waitUntilGone(pid);
      const third = await warm.synthesize({ text: 'Good morning.', voice: 'alloy', format: 'flac' });
      const [replacement] = warm.children.pids();
      expect(replacement).not.toBe(pid);
      expect(Math.abs(third.durationSeconds! - first.durationSeconds!)).toBeLessThanOrEqual(0.1);
    });

    it('kills a child that runs past the timeout and fails that request with the engine error', async () => {
      const slow = new EspeakSpeech({ children: 1, timeoutMs: 20 });
      // 20 ms is shorter than a child's start: the request fails with the engine error.
      const failure = await slow
        .synthesize({ text: english, voice: 'alloy', format: 'flac' })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'VOICE_ENGINE_FAILED' });
      expect((failure as VoiceEngineError).detail).toMatch(/killed after 20 ms/);
      expect(slow.children.pids()).toEqual([]);
      slow.onModuleDestroy();
    });

    it('retires a child after its share of requests, and one left idle', async () => {
      const request = { text: 'Hi', variant: 'm7', languages: ESPEAK_LANGUAGES, fallback: FALLBACK_LANGUAGE };
      const shortLived = new EspeakChildPool({
        size: 1,
        timeoutMs: 60_000,
        requestsPerChild: 1,
        idleMs: 60_000,
      });
      await shortLived.synthesize(request);
      const [first] = shortLived.pids();
      expect(first).toBeGreaterThan(0);
      await waitUntilGone(first);
      await shortLived.synthesize(request);
      expect(shortLived.pids()).not.toContain(first);
      shortLived.close();

      const idle = new EspeakChildPool({ size: 1, timeoutMs: 60_000, idleMs: 50 });
      await idle.synthesize(request);
      const [pid] = idle.pids();
      expect(pid).toBeGreaterThan(0);
      await waitUntilGone(pid);
      expect(idle.pids()).toEqual([]);
      idle.close();
    });

    it('serves requests at once with no more children than its size', async () => {
      const results = await Promise.all(
        ['One.', 'Two.', 'Three.'].map((text) => warm.synthesize({ text, voice: 'alloy', format: 'flac' })),
      );
      expect(results.every((result) => result.durationSeconds! > 0)).toBe(true);
      expect(warm.children.pids()).toHaveLength(1);
    });
  });

  it('gives each of the six voice names a different voice', async () => {
    const digests = new Set<string>();
    for (const voice of SPEECH_VOICES) {
      const { audio } = await speech.synthesize({ text: 'Good morning.', voice, format: 'flac' });
      digests.add(createHash('sha256').update(audio).digest('hex'));
    }
    expect(digests.size).toBe(SPEECH_VOICES.length);
  });
});

describe('OpenAI-compatible text-to-speech (audio.speech against a loopback server)', () => {
  let server: LoopbackServer;
  const requests: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];
  let reply: { status: number; body: Buffer | Record<string, unknown> };
  const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 7)]);

  beforeAll(async () => {
    server = await startLoopbackServer(async (req, res) => {
      requests.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>,
      });
      if (Buffer.isBuffer(reply.body)) {
        res.writeHead(reply.status, { 'content-type': 'audio/mpeg' });
        res.end(reply.body);
      } else {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      }
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    requests.length = 0;
  });

  function adapter(): OpenAiSpeech {
    const ai: AiConfig = {
      chatEngine: 'openai-compatible',
      openaiApiKey: 'sk-test-speech-key',
      openaiBaseUrl: `${server.origin}/v1`,
      chatModel: 'gpt-4o-mini',
      requestTimeoutMs: 5_000,
      maxRetries: 0,
      chatHistoryTokenBudget: 6000,
    };
    return new OpenAiSpeech(ai, { ttsModel: 'tts-1-hd' });
  }

  it('sends the model, voice, text and format, and returns the binary answer as it came', async () => {
    reply = { status: 200, body: mp3 };
    const result = await adapter().synthesize({ text: 'Hello there', voice: 'onyx', format: 'mp3' });

    expect(result).toEqual({ audio: mp3, contentType: 'audio/mpeg', format: 'mp3', engine: 'openai' });
    expect(requests).toEqual([
      {
        path: '/v1/audio/speech',
        authorization: 'Bearer sk-test-speech-key',
        body: { model: 'tts-1-hd', voice: 'onyx', input: 'Hello there', response_format: 'mp3' },
      },
    ]);
  });

  it('refuses a 200 answer that is not audio (a proxy page) with AI_UNREADABLE_ANSWER', async () => {
    reply = { status: 200, body: Buffer.from('<html><body>Welcome to nginx!</body></html>') };
    const failure = await adapter()
      .synthesize({ text: 'Hello', voice: 'alloy', format: 'mp3' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChatModelError);
    expect(failure).toMatchObject({ code: 'AI_UNREADABLE_ANSWER' });
  });

  it.each([
    [
      401,
      'AI_AUTH_FAILED',
      { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
      /not set up correctly on this server/,
      'OPENAI_API_KEY',
    ],
    [
      404,
      'AI_MODEL_UNKNOWN',
      { error: { message: 'The model `tts-1-hd` does not exist', code: 'model_not_found' } },
      /not set up correctly on this server/,
      'TTS_MODEL',
    ],
    [429, 'AI_BUSY', { error: { message: 'Rate limit reached', type: 'requests' } }, /busy/, undefined],
    [
      500,
      'AI_UNAVAILABLE',
      { error: { message: 'The server had an error' } },
      /could not be reached/,
      undefined,
    ],
  ])(
    'maps an HTTP %s error body to %s, naming a setting to the log only',
    async (status, code, body, message, configure) => {
      reply = { status, body };
      const failure = await adapter()
        .synthesize({ text: 'Hello', voice: 'alloy', format: 'opus' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ChatModelError);
      expect(failure).toMatchObject({ code, status, configure });
      expect((failure as Error).message).toMatch(message);
      expect((failure as Error).message).not.toMatch(/OPENAI_API_KEY|_MODEL/);
    },
  );
});
