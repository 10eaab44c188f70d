import { accessSync, constants } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { convertAudio, probeDurationSeconds } from '../../processes/ffmpeg';
import { runProcess } from '../../processes/run-process';
import { VoiceEngineError } from '../audio/voice-engine.error';
import type { SpeechToText, TranscriptionRequest, TranscriptionResult } from './transcription.port';

/** Where Debian's `pocketsphinx` and `pocketsphinx-en-us` packages put the program and the model. */
export const DEBIAN_POCKETSPHINX = {
  binary: '/usr/bin/pocketsphinx_continuous',
  modelDir: '/usr/share/pocketsphinx/model/en-us',
};

export interface PocketsphinxOptions {
  binary?: string;
  /** Holds en-us/ (the acoustic model), en-us.lm.bin and cmudict-en-us.dict. */
  modelDir?: string;
  timeoutMs?: number;
}

const INSTALL_HINT =
  'install the Debian packages pocketsphinx and pocketsphinx-en-us, or set STT_ENGINE=openai-compatible ' +
  'with OPENAI_BASE_URL (OpenAI or a faster-whisper server)';

/** What is missing for pocketsphinx to run, or undefined when everything is there. */
function findMissing(binary: string, modelDir: string): string | undefined {
  const needed: [string, number][] = [
    [binary, constants.X_OK],
    [join(modelDir, 'en-us'), constants.R_OK],
    [join(modelDir, 'en-us.lm.bin'), constants.R_OK],
    [join(modelDir, 'cmudict-en-us.dict'), constants.R_OK],
  ];
  const missing = needed.filter(([path, mode]) => {
    try {
      accessSync(path, mode);
      return false;
    } catch {
      return true;
    }
  });
  return missing.length ? missing.map(([path]) => path).join(', ') : undefined;
}

/**
 * Offline speech-to-text, English only: ffmpeg turns any audio into 16 kHz mono PCM, then Debian's
 * pocketsphinx_continuous decodes it with the US English model. What it needs is checked once,
 * at start: when something is missing the engine reports itself unavailable and says what to
 * install, instead of failing on each recording.
 */
export class PocketsphinxSpeechToText implements SpeechToText {
  readonly engine = 'pocketsphinx' as const;
  readonly unavailableReason: string | undefined;
  /** The US English model is the only one Debian packages. */
  readonly languages = ['en'] as const;
  readonly detectsLanguage = false;
  private readonly binary: string;
  private readonly modelDir: string;
  private readonly logger = new Logger('PocketsphinxSpeechToText');

  constructor(private readonly options: PocketsphinxOptions = {}) {
    this.binary = options.binary ?? DEBIAN_POCKETSPHINX.binary;
    this.modelDir = options.modelDir ?? DEBIAN_POCKETSPHINX.modelDir;
    const missing = findMissing(this.binary, this.modelDir);
    this.unavailableReason = missing
      ? `offline transcription needs pocketsphinx (not found: ${missing}): ${INSTALL_HINT}.`
      : undefined;
  }

  async transcribe({ audio }: TranscriptionRequest): Promise<TranscriptionResult> {
    if (this.unavailableReason) throw new VoiceEngineError('STT_UNAVAILABLE', this.unavailableReason);
    let durationSeconds: number;
    let pcm: Buffer;
    try {
      durationSeconds = await probeDurationSeconds(audio);
      pcm = await convertAudio(audio, ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 's16le']);
    } catch (error) {
      throw new VoiceEngineError(
        'VOICE_AUDIO_UNREADABLE',
        'This audio could not be read. Please try another recording.',
        error instanceof Error ? error.message : String(error),
      );
    }
    return { text: await this.decode(pcm), language: 'en', durationSeconds, engine: this.engine };
  }

  private async decode(pcm: Buffer): Promise<string> {
    const file = join(tmpdir(), `kasa-stt-${randomUUID()}.raw`);
    await writeFile(file, pcm);
    try {
      const { stdout } = await runProcess(
        this.binary,
        [
          '-infile',
          file,
          '-hmm',
          join(this.modelDir, 'en-us'),
          '-lm',
          join(this.modelDir, 'en-us.lm.bin'),
          '-dict',
          join(this.modelDir, 'cmudict-en-us.dict'),
          '-samprate',
          '16000',
          '-logfn',
          '/dev/null',
        ],
        { timeoutMs: this.options.timeoutMs ?? 120_000 },
      );
      // One line per utterance (pocketsphinx splits at silences).
      return stdout
        .toString('utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join(' ');
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.logger.error(`pocketsphinx failed: ${detail}`);
      throw new VoiceEngineError('VOICE_ENGINE_FAILED', 'The voice engine failed. Please try again.', detail);
    } finally {
      await rm(file, { force: true });
    }
  }
}
