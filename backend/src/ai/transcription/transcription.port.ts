/**
 * The speech-to-text capability's port. The voice feature talks to this, never to an engine:
 * configuration picks the adapter at start (STT_ENGINE: an OpenAI-compatible server such as
 * OpenAI or faster-whisper, or pocketsphinx offline).
 */
import type { SpeechLanguageCode } from '@kasa/contracts';

export const SPEECH_TO_TEXT = Symbol('SPEECH_TO_TEXT');

export interface TranscriptionRequest {
  /** The audio bytes, or the path of a file holding them. */
  audio: Buffer | string;
  /** Its content type, as detected from the bytes (audio/detectAudioType), e.g. audio/webm. */
  contentType: string;
  /** The language the user says they speak ("I speak"); unset: the engine detects it. */
  language?: SpeechLanguageCode;
}

export interface TranscriptionResult {
  text: string;
  /** The spoken language as the engine reports it (e.g. 'en', 'english'), or 'en' offline. */
  language: string;
  /** Measured from the audio by ffprobe, to one decimal (what the voice quota counts). */
  durationSeconds: number;
  /** Which engine transcribed: 'pocketsphinx' or 'openai'. */
  engine: 'pocketsphinx' | 'openai';
}

export interface SpeechToText {
  readonly engine: TranscriptionResult['engine'];
  /**
   * Why this engine cannot transcribe on this machine (what to install or configure), or
   * undefined when it can. The endpoint answers 503 STT_UNAVAILABLE with it.
   */
  readonly unavailableReason: string | undefined;
  /** The only languages it can transcribe, or null: any its model knows (VoiceCapabilities). */
  readonly languages: readonly SpeechLanguageCode[] | null;
  /** It detects the spoken language itself; false: it hears only `languages[0]`. */
  readonly detectsLanguage: boolean;
  /**
   * Throws VoiceEngineError (STT_UNAVAILABLE, VOICE_AUDIO_UNREADABLE, VOICE_ENGINE_FAILED) or, for
   * a provider failure, ChatModelError (AI_* codes).
   */
  transcribe(request: TranscriptionRequest): Promise<TranscriptionResult>;
  /**
   * Loads what the first recording would otherwise wait for (an offline model), in the background.
   * Called once by the processes that run the transcribe job, at their start (warm-up-speech-to-text.ts);
   * engines with nothing to load have none.
   */
  warmUp?(): void;
}
