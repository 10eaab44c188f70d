// "Confirm what I said" (docs/product.md#voice): POST VOICE_TURNS_PATH with confirm=true
// transcribes the recording only (nothing is sent to the chat, no message is charged) and answers
// the VoiceTranscript, whose recordingId the corrected text is then sent with.
import { apiFetch } from '@kasa/api-client';
import {
  IDEMPOTENCY_KEY_HEADER,
  VOICE_TURNS_PATH,
  type SpeechLanguageHint,
  type VoiceTranscript,
} from '@kasa/contracts';
import type { VoiceRecording } from '../voice-turn';

/** A file name the server can tell the container from (it reads the bytes anyway). */
export function recordingFileName(mimeType: string): string {
  if (mimeType.includes('ogg')) return 'recording.ogg';
  if (mimeType.includes('mp4')) return 'recording.m4a';
  return 'recording.webm';
}

/**
 * `idempotencyKey` is made once per recording: sent again after a lost answer, the server
 * transcribes and charges nothing twice and answers the first transcription.
 */
export function confirmVoiceTurn(
  recording: VoiceRecording,
  language: SpeechLanguageHint,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<VoiceTranscript> {
  const form = new FormData();
  form.append('audio', recording.audio, recordingFileName(recording.mimeType));
  form.append('language', language);
  form.append('confirm', 'true');
  return apiFetch<VoiceTranscript>(VOICE_TURNS_PATH, {
    method: 'POST',
    body: form,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    signal,
  });
}
