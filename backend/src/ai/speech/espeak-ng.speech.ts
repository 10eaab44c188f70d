import { Logger } from '@nestjs/common';
import { convertAudio, roundToTenth } from '../../processes/ffmpeg';
import { VoiceEngineError } from '../audio/voice-engine.error';
import { EspeakChildPool, type EspeakChildAnswer } from './espeak-child-pool';
import { ESPEAK_LANGUAGES, ESPEAK_VARIANTS, FALLBACK_LANGUAGE } from './espeak-voices';
import { FFMPEG_ENCODINGS } from './speech-encoding';
import {
  SPEECH_CONTENT_TYPES,
  type SpeechRequest,
  type SpeechResult,
  type TextToSpeech,
  type SpeechVoice,
} from './speech.port';

/** Children kept warm: the voice.speak job's concurrency (voice/jobs/voice.job.ts). */
const ESPEAK_CHILDREN = 2;

export interface EspeakSpeechOptions {
  /** Killed after this long (a 4000-character text takes a few seconds). */
  timeoutMs?: number;
  /** The eSpeak variant of each voice name (ESPEAK_VARIANTS). */
  variants?: Readonly<Record<SpeechVoice, string>>;
  /** Children kept running (ESPEAK_CHILDREN). */
  children?: number;
}

/**
 * Offline text-to-speech: eSpeak NG in a long-lived child process (espeak-child-pool.ts) detects
 * the language, speaks with the voice's variant and returns WAV; ffmpeg encodes the asked format.
 */
export class EspeakSpeech implements TextToSpeech {
  readonly engine = 'espeak-ng' as const;
  private readonly logger = new Logger('EspeakSpeech');

  /** Started at the first request: a configuration that never speaks starts no child. */
  readonly children: EspeakChildPool;

  constructor(private readonly options: EspeakSpeechOptions = {}) {
    this.children = new EspeakChildPool({
      size: options.children ?? ESPEAK_CHILDREN,
      timeoutMs: options.timeoutMs ?? 120_000,
    });
  }

  /** Nest calls it when the application closes: the children end with it. */
  onModuleDestroy(): void {
    this.children.close();
  }

  async synthesize({ text, voice, format }: SpeechRequest): Promise<SpeechResult> {
    const { wav, metadata } = await this.speak(text, (this.options.variants ?? ESPEAK_VARIANTS)[voice]);
    let audio: Buffer;
    try {
      audio = await convertAudio(wav, FFMPEG_ENCODINGS[format]);
    } catch (error) {
      throw this.failure('ffmpeg could not encode the speech', error);
    }
    return {
      audio,
      contentType: SPEECH_CONTENT_TYPES[format],
      format,
      engine: this.engine,
      durationSeconds: roundToTenth(metadata.samples / metadata.sampleRate),
      language: metadata.language,
    };
  }

  private async speak(text: string, variant: string): Promise<EspeakChildAnswer> {
    try {
      return await this.children.synthesize({
        text,
        variant,
        languages: ESPEAK_LANGUAGES,
        fallback: FALLBACK_LANGUAGE,
      });
    } catch (error) {
      throw this.failure('eSpeak NG could not speak the text', error);
    }
  }

  private failure(what: string, error: unknown): VoiceEngineError {
    const detail = error instanceof Error ? error.message : String(error);
    this.logger.error(`${what}: ${detail}`);
    return new VoiceEngineError('VOICE_ENGINE_FAILED', 'The voice engine failed. Please try again.', detail);
  }
}
