// The voices and formats are part of the API (libs/contracts): every engine speaks all of them.
import { SPEECH_FORMATS, SPEECH_VOICES, type SpeechFormat, type SpeechVoice } from '@kasa/contracts';

/**
 * The text-to-speech capability's port. The voice feature talks to this, never to an engine:
 * configuration picks the adapter at start (TTS_ENGINE: an OpenAI-compatible server, or eSpeak NG
 * offline).
 */
export const TEXT_TO_SPEECH = Symbol('TEXT_TO_SPEECH');

export { SPEECH_FORMATS, SPEECH_VOICES, type SpeechFormat, type SpeechVoice };

export const SPEECH_CONTENT_TYPES: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

export interface SpeechRequest {
  text: string;
  voice: SpeechVoice;
  format: SpeechFormat;
}

export interface SpeechResult {
  audio: Buffer;
  contentType: string;
  format: SpeechFormat;
  /** Which engine spoke: 'espeak-ng' or 'openai'. */
  engine: 'espeak-ng' | 'openai';
  /** Known when the engine measured it (offline); else the caller probes the audio. */
  durationSeconds?: number;
  /** The language the offline engine detected and spoke in (ISO 639-3, e.g. swh), when it knows. */
  language?: string;
}

export interface TextToSpeech {
  readonly engine: SpeechResult['engine'];
  /** Throws ChatModelError (AI_* codes) for a provider failure, VoiceEngineError for a local one. */
  synthesize(request: SpeechRequest): Promise<SpeechResult>;
}
