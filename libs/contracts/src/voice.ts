/**
 * The voice loop (docs/product.md#voice): a question spoken in the composer or in voice mode is
 * recorded in the browser (Opus), sent once, transcribed and answered like a typed message.
 */

/**
 * The languages a user may say they speak ("I speak"): the hint sent to speech-to-text with each
 * recording. `auto` lets the engine detect it. Codes are ISO 639-1; `name` is the language's own
 * name (what the picker shows in both UI languages).
 */
export const SPEECH_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'sw', name: 'Kiswahili' },
  { code: 'ha', name: 'Hausa' },
  { code: 'yo', name: 'Yorùbá' },
  { code: 'ig', name: 'Igbo' },
  { code: 'am', name: 'አማርኛ' },
  { code: 'ln', name: 'Lingála' },
  { code: 'pt', name: 'Português' },
  { code: 'ar', name: 'العربية' },
  { code: 'af', name: 'Afrikaans' },
  { code: 'so', name: 'Soomaali' },
  { code: 'sn', name: 'chiShona' },
  { code: 'zu', name: 'isiZulu' },
  { code: 'rw', name: 'Kinyarwanda' },
  { code: 'mg', name: 'Malagasy' },
] as const;
export type SpeechLanguageCode = (typeof SPEECH_LANGUAGES)[number]['code'];
/** "I speak": a language, or `auto` (the engine detects it). */
export type SpeechLanguageHint = 'auto' | SpeechLanguageCode;
export const SPEECH_LANGUAGE_HINTS: readonly SpeechLanguageHint[] = [
  'auto',
  ...SPEECH_LANGUAGES.map((language) => language.code),
];

/**
 * GET /api/voice/capabilities (signed in): what this server's voice engines can do, so the UI
 * says before recording when a language cannot be transcribed here.
 */
export interface VoiceCapabilities {
  speechToText: {
    /** False: no engine (POST /api/voice/turns answers 503 STT_UNAVAILABLE); `unavailableReason` says why. */
    available: boolean;
    /** The model name, 'pocketsphinx', or null when unavailable. */
    engine: string | null;
    /**
     * The only languages it can transcribe (the offline engine: ['en']), or null: any language its
     * model knows (an OpenAI-compatible server).
     */
    languages: SpeechLanguageCode[] | null;
    /** It detects the language itself (`auto` works); false: `auto` means its first language. */
    detectsLanguage: boolean;
    /** What to install or set when unavailable: administrators only (null for everyone else). */
    unavailableReason: string | null;
  };
  textToSpeech: {
    /** The model name or 'espeak-ng'. */
    engine: string;
  };
}

/**
 * POST /api/voice/turns: a spoken turn. multipart/form-data with the `Idempotency-Key` header
 * (IDEMPOTENCY_KEY_HEADER, a UUID made once per recording and sent again on every retry: a repeat
 * stores, charges and transcribes nothing and answers the first one's stream).
 *
 * Fields:
 * - `audio`: the recording (Opus in WebM or Ogg from the browser; any audio ffmpeg reads, ≤
 *   AUDIO_UPLOAD_MAX_BYTES). Required unless `recordingId` is given.
 * - `recordingId`: instead of `audio`, a recording of the user's stored earlier
 *   (VoiceTranscript.recordingId, ChatMessage.recordingId): transcribed again (with another
 *   `language`), or answered with `message`.
 * - `message`: with `recordingId` only: the text to answer (the transcription as the user
 *   corrected it); nothing is transcribed and no seconds are charged.
 * - `language`: a SpeechLanguageHint (default `auto`), sent to speech-to-text as its hint.
 * - `confirm`: 'true' transcribes only and answers JSON (VoiceTranscript): nothing is sent to the
 *   chat and no message is charged ("Confirm what I said").
 * - `conversationId`, `parentMessageId`, `model`: as in SendChatRequest.
 *
 * Otherwise the answer is the chat's event stream, as POST /api/chat: its first (ids) event also
 * carries `transcription` (ChatStreamEvent.transcription); the user's message is stored with the
 * recording (audioUrl, recordingId), its transcription and its language, and the assistant answers
 * it. Charges: the recording's seconds (voiceMinutesPerMonth) when it is transcribed, and one
 * message (messagesPerMonth) when it is answered; never an audio upload. A 429 on either stores
 * and charges nothing.
 *
 * Errors (JSON, before anything is charged): 400 VOICE_AUDIO_MISSING (no audio nor recordingId),
 * 400 VOICE_NOT_AUDIO (the bytes are not audio), 400 VOICE_RECORDING_EMPTY (no bytes or no
 * sound-length), 400 VOICE_LANGUAGE_UNSUPPORTED (the engine here cannot transcribe that language;
 * the message names the languages it can), 400 VALIDATION_FAILED (other fields), 404 (conversation,
 * parent message or recording not the user's), 413 VOICE_AUDIO_TOO_LARGE, 422
 * VOICE_AUDIO_UNREADABLE, 422 VOICE_NOTHING_HEARD (no words in it: its seconds are given back),
 * 503 STT_UNAVAILABLE, and the chat send's 403/429/503.
 */
export const VOICE_TURNS_PATH = '/api/voice/turns';

/** The transcription of a voice turn (the ids event's `transcription`, or the JSON of `confirm`). */
export interface VoiceTranscript {
  /** The stored recording: send it again with `recordingId`. */
  recordingId: string;
  transcription: string;
  /** The language heard (ISO 639-1), or the hint when the engine does not detect one. */
  language: string;
  /** Seconds, to one decimal (what the voice quota counted). */
  duration: number;
  /** A short-lived signed link to the recording. */
  audioUrl: string;
  /** The model name, or 'pocketsphinx'. */
  engine: string;
}
