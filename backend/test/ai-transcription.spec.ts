import Busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import type { AiConfig } from '../src/config';
import { ChatModelError } from '../src/ai/chat-model.port';
import { convertAudio } from '../src/processes/ffmpeg';
import { VoiceEngineError } from '../src/ai/audio/voice-engine.error';
import { OpenAiSpeechToText } from '../src/ai/transcription/openai.speech-to-text';
import { PocketsphinxSpeechToText } from '../src/ai/transcription/pocketsphinx.speech-to-text';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';
import { goForwardOpus, goForwardWav, LIBRIVOX_WAV } from './support/speech-samples';

jest.setTimeout(60_000);

/** Whether a process is still running (signal 0 only checks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Real recordings of people speaking, from Debian's pocketsphinx-testdata (.ci/run installs it). */
describe('offline speech-to-text (pocketsphinx on real recordings)', () => {
  const stt = new PocketsphinxSpeechToText();
  afterAll(() => stt.onModuleDestroy());

  it('is available where Debian installed it, with the decoder kept loaded (python3-pocketsphinx)', () => {
    expect(stt.unavailableReason).toBeUndefined();
    expect(stt.mode).toBe('warm decoder');
  });

  it('transcribes a WAV recording and measures its duration to one decimal', async () => {
    const wav = await goForwardWav();
    const result = await stt.transcribe({ audio: wav, contentType: 'audio/wav' });

    expect(result.text).toMatch(/\bgo forward\b/);
    expect(result.text).toMatch(/\bmeters\b/);
    expect(result).toMatchObject({ language: 'en', engine: 'pocketsphinx' });
    const exactSeconds = (wav.length - 44) / 32_000;
    expect(result.durationSeconds).toBe(Math.round(exactSeconds * 10) / 10);
  });

  it('converts compressed audio (MP3) first', async () => {
    const mp3 = await convertAudio(await goForwardWav(), ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3']);
    const result = await stt.transcribe({ audio: mp3, contentType: 'audio/mpeg' });
    expect(result.text).toMatch(/\bforward\b/);
  });

  it.each(['webm', 'ogg'] as const)(
    "transcribes a browser's Opus recording in %s (16 kbit/s mono) and measures it",
    async (container) => {
      const wav = await goForwardWav();
      const opus = await goForwardOpus(container);
      // What the browser saves on the upload: a tenth of the WAV or less.
      expect(opus.length).toBeLessThan(wav.length / 10);

      const result = await stt.transcribe({ audio: opus, contentType: `audio/${container}` });
      expect(result.text).toMatch(/\bgo forward\b/);
      expect(result.text).toMatch(/\bmeters\b/);
      expect(result).toMatchObject({ language: 'en', engine: 'pocketsphinx' });
      // Opus frames are 20 ms: the end lands within a frame of the recording's.
      expect(Math.abs(result.durationSeconds - (wav.length - 44) / 32_000)).toBeLessThanOrEqual(0.1);
    },
  );

  it('hears English whatever hint it is given (it knows no other language)', async () => {
    const result = await stt.transcribe({
      audio: await goForwardWav(),
      contentType: 'audio/wav',
      language: 'en',
    });
    expect(result).toMatchObject({ language: 'en' });
    expect(stt).toMatchObject({ languages: ['en'], detectsLanguage: false });
  });

  it('reads audio from a file path', async () => {
    const result = await stt.transcribe({ audio: LIBRIVOX_WAV, contentType: 'audio/wav' });
    expect(result.text).toMatch(/\bwas not\b/);
    expect(result.text).toMatch(/\byoung man\b/);
    expect(result.durationSeconds).toBeGreaterThan(1);
  });

  it('refuses bytes that are not audio with VOICE_AUDIO_UNREADABLE', async () => {
    const failure = await stt
      .transcribe({ audio: Buffer.from('this is a text file, not a recording'), contentType: 'audio/wav' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VoiceEngineError);
    expect(failure).toMatchObject({ code: 'VOICE_AUDIO_UNREADABLE' });
  });

  it('says it is unavailable, and what to install, when pocketsphinx is missing', async () => {
    const missing = new PocketsphinxSpeechToText({
      python: '/nonexistent/python3',
      binary: '/nonexistent/pocketsphinx_continuous',
    });

    expect(missing.unavailableReason).toMatch(/\/nonexistent\/python3 cannot import pocketsphinx/);
    expect(missing.unavailableReason).toMatch(/not found: \/nonexistent\/pocketsphinx_continuous/);
    expect(missing.unavailableReason).toMatch(/python3-pocketsphinx and pocketsphinx-en-us/);
    expect(missing.unavailableReason).toMatch(/STT_ENGINE=openai-compatible/);
    const failure = await missing
      .transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VoiceEngineError);
    expect(failure).toMatchObject({ code: 'STT_UNAVAILABLE', message: missing.unavailableReason });
  });

  it('says it is unavailable when the English model is missing', () => {
    const noModel = new PocketsphinxSpeechToText({ modelDir: '/nonexistent/model' });
    expect(noModel.unavailableReason).toMatch(/not found: .*\/nonexistent\/model\/en-us\b/);
  });

  it('falls back to pocketsphinx_continuous per recording without python3-pocketsphinx', async () => {
    const program = new PocketsphinxSpeechToText({ python: '/nonexistent/python3' });
    expect(program).toMatchObject({ unavailableReason: undefined, mode: 'program per recording' });

    const result = await program.transcribe({ audio: LIBRIVOX_WAV, contentType: 'audio/wav' });
    expect(result.text).toMatch(/\bwas not\b/);
    expect(result.text).toMatch(/\byoung man\b/);
  });
});

describe('offline speech-to-text: the decoders kept loaded (pocketsphinx-child-pool.ts)', () => {
  const engines: PocketsphinxSpeechToText[] = [];
  function engine(options: ConstructorParameters<typeof PocketsphinxSpeechToText>[0] = {}) {
    const stt = new PocketsphinxSpeechToText(options);
    engines.push(stt);
    return stt;
  }
  afterAll(() => engines.forEach((stt) => stt.onModuleDestroy()));

  it('decodes two recordings at once, each with its own decoder, and keeps both loaded', async () => {
    const stt = engine();
    const [goForward, librivox] = await Promise.all([
      stt.transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' }),
      stt.transcribe({ audio: LIBRIVOX_WAV, contentType: 'audio/wav' }),
    ]);

    expect(goForward.text).toMatch(/\bgo forward ten meters\b/);
    expect(librivox.text).toMatch(/\bwas not\b/);
    expect(librivox.text).toMatch(/\byoung man\b/);
    const pids = stt.decoders!.pids();
    expect(pids).toHaveLength(2);
    const again = await stt.transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' });
    expect(again.text).toMatch(/\bgo forward ten meters\b/);
    expect(stt.decoders!.pids()).toEqual(pids);
  });

  it('answers VOICE_ENGINE_FAILED when its decoder dies mid-recording, and the next recording works', async () => {
    const stt = engine({ children: 1 });
    const failing = stt
      .transcribe({ audio: LIBRIVOX_WAV, contentType: 'audio/wav' })
      .catch((error: unknown) => error);
    await waitFor(() => stt.decoders!.busyPids().length === 1);
    const [crashed] = stt.decoders!.busyPids();
    process.kill(crashed, 'SIGKILL');

    const failure = await failing;
    expect(failure).toBeInstanceOf(VoiceEngineError);
    expect(failure).toMatchObject({ code: 'VOICE_ENGINE_FAILED' });
    expect((failure as VoiceEngineError).detail).toMatch(/killed \(SIGKILL\)/);

    const next = await stt.transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' });
    expect(next.text).toMatch(/\bgo forward ten meters\b/);
    expect(stt.decoders!.pids()).not.toContain(crashed);
  });

  it('kills a decoder that runs past the timeout, and starts a new one for the next recording', async () => {
    const stt = engine({ children: 1, timeoutMs: 3_000 });
    // Loaded first, so the timeout falls on the decoding itself (~0.9 s loading, ~0.6 s decoding).
    // The long recording (~57 s: a 3 s stretch looped 15 times) decodes for well over the timeout
    // even on a fast day: a 12 s one took ~5 s on some days and under 3 s on others.
    await stt.transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' });
    const [slow] = stt.decoders!.pids();
    const long = await convertAudio(LIBRIVOX_WAV, ['-af', 'aloop=loop=15:size=48000', '-f', 'wav']);

    const failure = await stt
      .transcribe({ audio: long, contentType: 'audio/wav' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'VOICE_ENGINE_FAILED' });
    expect((failure as VoiceEngineError).detail).toMatch(/killed after 3000 ms/);
    await waitFor(() => !isRunning(slow));

    const next = await stt.transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' });
    expect(next.text).toMatch(/\bgo forward ten meters\b/);
  });
});

interface ReceivedUpload {
  path: string;
  fields: Record<string, string>;
  file?: { name: string; contentType: string; bytes: Buffer };
}

/** Reads a multipart/form-data request the way the provider does. */
function readMultipart(req: IncomingMessage): Promise<Omit<ReceivedUpload, 'path'>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: ReceivedUpload['file'];
    const parser = Busboy({ headers: req.headers });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        file = { name: info.filename, contentType: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('close', () => resolve({ fields, file }));
    parser.on('error', reject);
    req.pipe(parser);
  });
}

describe('OpenAI-compatible speech-to-text (audio.transcriptions against a loopback server)', () => {
  let server: LoopbackServer;
  const uploads: ReceivedUpload[] = [];
  let reply: { status: number; body: Record<string, unknown> };

  beforeAll(async () => {
    server = await startLoopbackServer(async (req, res) => {
      uploads.push({ path: req.url ?? '', ...(await readMultipart(req)) });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    uploads.length = 0;
  });

  function adapter(): OpenAiSpeechToText {
    const ai: AiConfig = {
      chatEngine: 'openai-compatible',
      openaiBaseUrl: `${server.origin}/v1`,
      chatModel: 'gpt-4o-mini',
      requestTimeoutMs: 5_000,
      maxRetries: 0,
      chatHistoryTokenBudget: 6000,
    };
    return new OpenAiSpeechToText(ai, { sttModel: 'Systran/faster-whisper-small' });
  }

  it('uploads the audio as multipart and measures the duration itself', async () => {
    // faster-whisper-server's verbose_json answer (its duration is not trusted: ffprobe measures).
    reply = {
      status: 200,
      body: {
        task: 'transcribe',
        language: 'en',
        duration: 99,
        text: ' Go forward ten meters. ',
        segments: [],
      },
    };
    const wav = await goForwardWav();
    const result = await adapter().transcribe({ audio: wav, contentType: 'audio/wav' });

    expect(result).toEqual({
      text: 'Go forward ten meters.',
      language: 'en',
      durationSeconds: Math.round(((wav.length - 44) / 32_000) * 10) / 10,
      engine: 'openai',
    });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      path: '/v1/audio/transcriptions',
      fields: { model: 'Systran/faster-whisper-small', response_format: 'verbose_json' },
      file: { name: 'audio.wav', contentType: 'audio/wav' },
    });
    expect(uploads[0].file!.bytes.equals(wav)).toBe(true);
  });

  it.each([
    [
      401,
      'AI_AUTH_FAILED',
      { error: { message: 'Invalid API key', type: 'invalid_request_error' } },
      /not set up correctly on this server/,
      'OPENAI_API_KEY',
    ],
    [
      400,
      'AI_MODEL_UNKNOWN',
      { error: { message: 'Model whisper-9 is not a valid model' } },
      /not set up correctly on this server/,
      'STT_MODEL',
    ],
    [503, 'AI_UNAVAILABLE', { error: { message: 'overloaded' } }, /could not be reached/, undefined],
  ])(
    'maps an HTTP %s error body to %s, naming a setting to the log only',
    async (status, code, body, message, configure) => {
      reply = { status, body };
      const failure = await adapter()
        .transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ChatModelError);
      expect(failure).toMatchObject({ code, status, configure });
      expect((failure as Error).message).toMatch(message);
      expect((failure as Error).message).not.toMatch(/OPENAI_API_KEY|_MODEL/);
    },
  );

  it("sends the user's language as the hint, and answers the language heard as an ISO 639-1 code", async () => {
    // OpenAI's whisper-1 answers the language's English name in verbose_json.
    reply = {
      status: 200,
      body: { task: 'transcribe', language: 'french', duration: 2, text: 'Avancez de dix mètres.' },
    };
    const result = await adapter().transcribe({
      audio: await goForwardWav(),
      contentType: 'audio/wav',
      language: 'fr',
    });

    expect(uploads[0].fields).toMatchObject({ language: 'fr', response_format: 'verbose_json' });
    expect(result).toMatchObject({ text: 'Avancez de dix mètres.', language: 'fr' });
  });

  it('sends no language without a hint, and turns the name heard into its code', async () => {
    reply = {
      status: 200,
      body: { task: 'transcribe', language: 'swahili', duration: 2, text: 'Nenda mbele.' },
    };
    const result = await adapter().transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' });

    expect(uploads[0].fields).not.toHaveProperty('language');
    expect(result.language).toBe('sw');
  });

  it("answers the hint when the server names no language, and 'und' without one", async () => {
    reply = { status: 200, body: { text: 'Sannu.' } };
    const hinted = await adapter().transcribe({
      audio: await goForwardWav(),
      contentType: 'audio/wav',
      language: 'ha',
    });
    const unhinted = await adapter().transcribe({ audio: await goForwardWav(), contentType: 'audio/wav' });

    expect(hinted.language).toBe('ha');
    expect(unhinted.language).toBe('und');
  });

  it('refuses unreadable audio before calling the provider', async () => {
    const failure = await adapter()
      .transcribe({ audio: Buffer.from('not audio at all'), contentType: 'audio/mpeg' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'VOICE_AUDIO_UNREADABLE' });
    expect(uploads).toHaveLength(0);
  });
});
