// What the voice loop hands the send machine (docs/product.md#voice): a recording made in the
// composer or in voice mode, or a stored one sent again (a corrected transcription, another
// language). The send machine posts it to VOICE_TURNS_PATH through the outbox, like a typed message.
import type { SpeechLanguageHint } from '@kasa/contracts';

/** A finished recording (Opus in WebM or Ogg where the browser can, else what MediaRecorder makes). */
export interface VoiceRecording {
  audio: Blob;
  /** The Blob's type, e.g. 'audio/webm;codecs=opus'. */
  mimeType: string;
  durationMs: number;
}

export interface VoiceTurnDraft {
  /** A new recording; or `recordingId` for one the server already has. */
  recording?: VoiceRecording;
  /** ChatMessage.recordingId / VoiceTranscript.recordingId. */
  recordingId?: string;
  /** With `recordingId`: the text to answer (a transcription the user corrected); nothing is transcribed. */
  message?: string;
  /** "I speak" (voice preferences). */
  language: SpeechLanguageHint;
  /** As ChatDraft.model. */
  model?: string;
  /** As ChatDraft.parentMessageId (a transcription made again in another language is an edit). */
  parentMessageId?: string;
}
