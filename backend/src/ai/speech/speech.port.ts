/**
 * The text-to-speech capability's port. The voice feature talks to this, never to an engine:
 * configuration picks the adapter at start (TTS_ENGINE: an OpenAI-compatible server, or eSpeak NG
 * offline).
 */
export const TEXT_TO_SPEECH = Symbol('TEXT_TO_SPEECH');

/** OpenAI's six voice names; every engine gives each one a distinct voice. */
export const SPEECH_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export type SpeechVoice = (typeof SPEECH_VOICES)[number];

/** mp3, opus (in Ogg), aac (ADTS), flac. */
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

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
