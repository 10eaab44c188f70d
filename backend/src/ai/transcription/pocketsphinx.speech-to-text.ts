import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { convertAudio, probeDurationSeconds } from '../../processes/ffmpeg';
import { runProcess } from '../../processes/run-process';
import { VoiceEngineError } from '../audio/voice-engine.error';
import { PocketsphinxChildPool } from './pocketsphinx-child-pool';
import type { SpeechToText, TranscriptionRequest, TranscriptionResult } from './transcription.port';

/**
 * Where Debian's `python3-pocketsphinx`, `pocketsphinx` and `pocketsphinx-en-us` packages put the
 * Python that imports the binding, the program and the model. The system Python by its absolute
 * path: a pyenv shim named python3 on the PATH has no dist-packages.
 */
export const DEBIAN_POCKETSPHINX = {
  python: '/usr/bin/python3',
  binary: '/usr/bin/pocketsphinx_continuous',
  modelDir: '/usr/share/pocketsphinx/model/en-us',
};

/** Decoders kept warm: the voice.transcribe job's concurrency (voice/jobs/voice.job.ts). */
const POCKETSPHINX_CHILDREN = 2;

export interface PocketsphinxOptions {
  /** A Python that imports pocketsphinx (python3-pocketsphinx); without it, `binary` per recording. */
  python?: string;
  binary?: string;
  /** Holds en-us/ (the acoustic model), en-us.lm.bin and cmudict-en-us.dict. */
  modelDir?: string;
  /** A recording's decoding (a new decoder's start included) is killed after this long. */
  timeoutMs?: number;
  /** Decoders kept running (POCKETSPHINX_CHILDREN). */
  children?: number;
}

/**
 * How recordings are decoded: a long-lived decoder per job slot (python3-pocketsphinx, preferred),
 * or pocketsphinx_continuous started per recording, which loads the model each time (~0.7 s more).
 */
export type PocketsphinxMode = 'warm decoder' | 'program per recording';

const INSTALL_HINT =
  'install the Debian packages python3-pocketsphinx and pocketsphinx-en-us, or set STT_ENGINE=openai-compatible ' +
  'with OPENAI_BASE_URL (OpenAI or a faster-whisper server)';

/** Whether each Python imports pocketsphinx, asked once per process (~80 ms, measured). */
const pythonsWithPocketsphinx = new Map<string, boolean>();

function importsPocketsphinx(python: string): boolean {
  let known = pythonsWithPocketsphinx.get(python);
  if (known === undefined) {
    known =
      spawnSync(python, ['-I', '-c', 'import pocketsphinx'], { stdio: 'ignore', timeout: 10_000 }).status ===
      0;
    pythonsWithPocketsphinx.set(python, known);
  }
  return known;
}

function unreadable(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return false;
  } catch {
    return true;
  }
}

/** What of the model is missing, or undefined when it is all there. */
function findMissingModel(modelDir: string): string | undefined {
  const needed: [string, number][] = [
    [join(modelDir, 'en-us'), constants.R_OK],
    [join(modelDir, 'en-us.lm.bin'), constants.R_OK],
    [join(modelDir, 'cmudict-en-us.dict'), constants.R_OK],
  ];
  const missing = needed.filter(([path, mode]) => unreadable(path, mode));
  return missing.length ? missing.map(([path]) => path).join(', ') : undefined;
}

/**
 * Offline speech-to-text, English only: ffmpeg turns any audio into 16 kHz mono PCM, then
 * pocketsphinx decodes it with the US English model, in a decoder kept loaded between recordings
 * (pocketsphinx-child-pool.ts, Debian's python3-pocketsphinx), or, without that binding, with
 * pocketsphinx_continuous started per recording. What it needs is checked once, at start: when
 * something is missing the engine reports itself unavailable and says what to install, instead
 * of failing on each recording.
 */
export class PocketsphinxSpeechToText implements SpeechToText {
  readonly engine = 'pocketsphinx' as const;
  readonly unavailableReason: string | undefined;
  /** The US English model is the only one Debian packages. */
  readonly languages = ['en'] as const;
  readonly detectsLanguage = false;
  /** How it decodes; undefined when unavailable. */
  readonly mode: PocketsphinxMode | undefined;
  /** The warm decoders ('warm decoder' mode), started by warmUp or the first recording. */
  readonly decoders: PocketsphinxChildPool | undefined;
  private readonly binary: string;
  private readonly modelDir: string;
  private readonly logger = new Logger('PocketsphinxSpeechToText');

  constructor(private readonly options: PocketsphinxOptions = {}) {
    const python = options.python ?? DEBIAN_POCKETSPHINX.python;
    this.binary = options.binary ?? DEBIAN_POCKETSPHINX.binary;
    this.modelDir = options.modelDir ?? DEBIAN_POCKETSPHINX.modelDir;
    const missingModel = findMissingModel(this.modelDir);
    if (missingModel) {
      this.unavailableReason = `offline transcription needs the pocketsphinx model (not found: ${missingModel}): ${INSTALL_HINT}.`;
    } else if (importsPocketsphinx(python)) {
      this.mode = 'warm decoder';
      this.decoders = new PocketsphinxChildPool({
        python,
        hmm: join(this.modelDir, 'en-us'),
        lm: join(this.modelDir, 'en-us.lm.bin'),
        dict: join(this.modelDir, 'cmudict-en-us.dict'),
        size: options.children ?? POCKETSPHINX_CHILDREN,
        timeoutMs: options.timeoutMs ?? 120_000,
      });
    } else if (!unreadable(this.binary, constants.X_OK)) {
      this.mode = 'program per recording';
    } else {
      this.unavailableReason =
        `offline transcription needs python3-pocketsphinx (${python} cannot import pocketsphinx) ` +
        `or pocketsphinx (not found: ${this.binary}): ${INSTALL_HINT}.`;
    }
  }

  /** Loads one decoder ahead of the first recording (the job's start calls it); the rest load at first use. */
  warmUp(): void {
    this.decoders?.warm(1);
  }

  /** Nest calls it when the application closes: the decoders end with it. */
  onModuleDestroy(): void {
    this.decoders?.close();
  }

  async transcribe({ audio }: TranscriptionRequest): Promise<TranscriptionResult> {
    if (this.unavailableReason) throw new VoiceEngineError('STT_UNAVAILABLE', this.unavailableReason);
    let durationSeconds: number;
    let pcm: Buffer;
    try {
      // Side by side: the duration stays ffprobe's (what the quota counted for the same file; the
      // PCM's length can differ by an Opus frame), without waiting for it before converting.
      [durationSeconds, pcm] = await Promise.all([
        probeDurationSeconds(audio),
        convertAudio(audio, ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 's16le']),
      ]);
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
    try {
      return this.decoders ? await this.decoders.decode(pcm) : await this.decodeWithProgram(pcm);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.logger.error(`pocketsphinx failed: ${detail}`);
      throw new VoiceEngineError('VOICE_ENGINE_FAILED', 'The voice engine failed. Please try again.', detail);
    }
  }

  private async decodeWithProgram(pcm: Buffer): Promise<string> {
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
    } finally {
      await rm(file, { force: true });
    }
  }
}
