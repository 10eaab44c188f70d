/** Longest media prompt (characters). */
export const MEDIA_PROMPT_MAX_LENGTH = 1000;
/** Longest text turned into speech (characters). */
export const SPEECH_TEXT_MAX_LENGTH = 4000;
/** Largest audio file sent for transcription (bytes): the upload limit. */
export const AUDIO_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The sizes an image can be asked in (width x height, in pixels); quick actions use the first. */
export const IMAGE_SIZES = ['1024x1024', '1792x1024', '1024x1792'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The six voice names; every engine gives each one a distinct voice. 'alloy' is the default. */
export const SPEECH_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export type SpeechVoice = (typeof SPEECH_VOICES)[number];

/** mp3 (the default), opus (in Ogg), aac (ADTS), flac. */
export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** POST /api/media/generate. `size` only for images; `conversationId` from the chat's quick actions. */
export interface MediaGenerateRequest {
  prompt: string;
  type: MediaType;
  size?: ImageSize;
  conversationId?: string;
  /**
   * Instead of conversationId, from a new chat: the id the app chose for it. The prompt and the
   * image start that conversation (every result of the same new chat joins it).
   */
  newConversationId?: string;
}

/** The answer of POST /api/media/generate. */
export interface MediaGenerationResult {
  type: MediaType;
  /** A short-lived signed link to the stored file (works in <img> without a header). */
  url: string;
  /** 'png' */
  format: string;
  metadata: {
    /** The engine that drew it: the model name, or 'offline-illustration'. */
    model: string;
    size: ImageSize;
    revised_prompt?: string;
  };
}

/** POST /api/voice/speak. */
export interface SpeakRequest {
  text: string;
  voice: SpeechVoice;
  format: SpeechFormat;
  /** One of the user's conversations: the text and the speech become its last two messages. */
  conversationId?: string;
  /** Instead, from a new chat: the id the app chose for it; the text and the speech start it. */
  newConversationId?: string;
}

/** The answer of POST /api/voice/speak. */
export interface SpeechResult {
  /** A short-lived signed link to the stored audio. */
  audioUrl: string;
  voice: SpeechVoice;
  format: SpeechFormat;
  text: string;
  /** The engine that spoke it: the model name, or 'espeak-ng'. */
  engine: string;
  /** Seconds of audio (what the voice quota counted). */
  duration: number;
}

/** The answer of POST /api/voice/transcribe (multipart `audio`, optional `conversationId`). */
export interface TranscriptionResult {
  transcription: string;
  /** The language of the speech (ISO 639-1 where known, e.g. 'en'). */
  language: string;
  /** Seconds, to one decimal (measured from the audio). */
  duration: number;
  /** A short-lived signed link to the stored audio. */
  audioUrl: string;
  /** The engine that transcribed it: the model name, or 'pocketsphinx'. */
  engine: string;
}

/**
 * Queued media and voice requests. POST /api/media/generate and POST /api/voice/transcribe
 * accept the `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER): a UUID the client makes once per
 * request it queued offline and sends again on every retry. A second request with the same key from
 * the same user draws nothing and charges nothing: it answers the first request's result (links
 * signed anew). While the first is still running, the second waits for it, up to
 * IDEMPOTENT_REQUEST_WAIT_SECONDS, then answers 409 REQUEST_IN_PROGRESS (try again later). The same
 * key with another body (prompt, size, conversation, or other audio bytes) is refused with 409
 * IDEMPOTENCY_KEY_REUSED. A request that fails lets its key go: a retry runs it again. Keys are kept
 * IDEMPOTENT_REQUEST_TTL_HOURS.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REQUEST_TTL_HOURS = 24;
export const IDEMPOTENT_REQUEST_WAIT_SECONDS = 30;
/** The requests the client's media outbox queues: what makes sense to send later (not read-aloud). */
export const QUEUED_MEDIA_KINDS = ['image', 'transcription'] as const;
export type QueuedMediaKind = (typeof QUEUED_MEDIA_KINDS)[number];
