import { Logger } from '@nestjs/common';
import { convertAudio, roundToTenth } from '../../processes/ffmpeg';
import { ProcessFailedError, runProcess } from '../../processes/run-process';
import { VoiceEngineError } from '../audio/voice-engine.error';
import { ESPEAK_CHILD_SCRIPT } from './espeak-child-script';
import { ESPEAK_LANGUAGES, ESPEAK_VARIANTS, FALLBACK_LANGUAGE } from './espeak-voices';
import { FFMPEG_ENCODINGS } from './speech-encoding';
import {
  SPEECH_CONTENT_TYPES,
  type SpeechRequest,
  type SpeechVoice,
  type SpeechResult,
  type TextToSpeech,
} from './speech.port';

const SPEECH_LINE = 'KASA_SPEECH ';

interface SpeechMetadata {
  language: string;
  voice: string;
  samples: number;
  sampleRate: number;
}

function moduleUrl(specifier: string): string {
  return new URL(`file://${require.resolve(specifier)}`).href;
}

export interface EspeakSpeechOptions {
  /** Killed after this long (a 4000-character text takes a few seconds). */
  timeoutMs?: number;
  /** The eSpeak variant of each voice name (ESPEAK_VARIANTS). */
  variants?: Readonly<Record<SpeechVoice, string>>;
}

/**
 * Offline text-to-speech: eSpeak NG in a child process (see espeak-child-script.ts) detects the
 * language, speaks with the voice's variant and returns WAV; ffmpeg encodes the asked format.
 */
export class EspeakSpeech implements TextToSpeech {
  readonly engine = 'espeak-ng' as const;
  private readonly logger = new Logger('EspeakSpeech');

  constructor(private readonly options: EspeakSpeechOptions = {}) {}

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

  private async speak(text: string, variant: string): Promise<{ wav: Buffer; metadata: SpeechMetadata }> {
    const input = JSON.stringify({ text, variant, languages: ESPEAK_LANGUAGES, fallback: FALLBACK_LANGUAGE });
    try {
      const { stdout, stderr } = await runProcess(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          ESPEAK_CHILD_SCRIPT,
          moduleUrl('@echogarden/espeak-ng-emscripten'),
          moduleUrl('franc-all'),
        ],
        { input, timeoutMs: this.options.timeoutMs ?? 120_000 },
      );
      const line = stderr.split('\n').find((entry) => entry.startsWith(SPEECH_LINE));
      if (!line) throw new ProcessFailedError('eSpeak NG gave no speech details', stderr);
      return { wav: stdout, metadata: JSON.parse(line.slice(SPEECH_LINE.length)) as SpeechMetadata };
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
