// The spoken turn in the send machine (docs/product.md#voice): what a VoiceTurnDraft puts in the
// outbox, the form it is posted with (POST VOICE_TURNS_PATH), and how the user's message shows
// before and after the server says what it heard (the ids event's `transcription`).
import type { ChatMessage, VoiceTranscript } from '@kasa/contracts';
import type { OutboxItem, OutboxVoice } from '../offline/outbox';
import type { VoiceTurnFields } from '../shared/chat-api';
import type { VoiceTurnDraft } from '../voice/voice-turn';

/** A spoken turn as the screen shows it (LiveTurn.voice). */
export interface LiveVoice {
  /** What the server heard; null: still being transcribed. */
  transcription: VoiceTranscript | null;
  /** An object URL of the recording made on this device (Play before the server has it); null: none. */
  localAudioUrl: string | null;
}

/** A draft the server can answer: a new recording, or one it already has. */
export const isSendableVoice = (draft: VoiceTurnDraft): boolean =>
  Boolean(draft.recording || draft.recordingId);

/** The text a spoken draft is sent with: the corrected transcription, else '' until transcribed. */
export function voiceDraftText(draft: VoiceTurnDraft): string {
  return draft.recordingId && draft.message !== undefined ? draft.message.trim() : '';
}

/** What the outbox keeps of a spoken draft (the recording's Blob as it is). */
export function outboxVoice(draft: VoiceTurnDraft): OutboxVoice {
  return {
    language: draft.language,
    ...(draft.recording ? { recording: draft.recording } : {}),
    ...(draft.recordingId ? { recordingId: draft.recordingId } : {}),
    ...(draft.recordingId && draft.message !== undefined ? { message: voiceDraftText(draft) } : {}),
  };
}

/** The form fields of a waiting spoken turn, in the conversation it was recorded in (`origin`). */
export function voiceTurnFields(
  item: OutboxItem,
  voice: OutboxVoice,
  origin: string | null,
): VoiceTurnFields {
  return {
    language: voice.language,
    ...(voice.recording ? { audio: voice.recording.audio } : {}),
    ...(voice.recordingId ? { recordingId: voice.recordingId } : {}),
    ...(voice.recordingId && voice.message !== undefined ? { message: voice.message } : {}),
    ...(origin ? { conversationId: origin } : {}),
    ...(item.parentMessageId !== undefined ? { parentMessageId: item.parentMessageId } : {}),
    ...(item.model ? { model: item.model } : {}),
  };
}

/**
 * An object URL of a recording, for its Play while it is sent (revoked with revokeLocalAudio once
 * the message no longer shows it). Null without a recording or where the browser has no object URLs.
 */
export function localAudioUrl(voice: OutboxVoice | undefined): string | null {
  const audio = voice?.recording?.audio;
  if (!audio || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(audio);
}

export function revokeLocalAudio(voice: LiveVoice | null | undefined): void {
  if (voice?.localAudioUrl && typeof URL.revokeObjectURL === 'function')
    URL.revokeObjectURL(voice.localAudioUrl);
}

/**
 * The user's spoken message as it shows: before the transcription, no text ("Voice message" and
 * the local recording's Play); after it, the transcription as its text, with the language heard
 * and the stored recording. `audioUrl` is the local recording while it is on screen (nothing to
 * download), else the server's signed link.
 */
export function spokenMessage(
  message: ChatMessage,
  transcript: VoiceTranscript | null,
  audioUrl: string | null,
): ChatMessage {
  if (!transcript) return { ...message, audioUrl };
  return {
    ...message,
    // A corrected transcription (sent with `message`) is what the assistant read: it stays the text.
    content: message.content || transcript.transcription,
    transcription: transcript.transcription,
    transcriptionLanguage: transcript.language,
    recordingId: transcript.recordingId,
    audioUrl: audioUrl ?? transcript.audioUrl,
  };
}
