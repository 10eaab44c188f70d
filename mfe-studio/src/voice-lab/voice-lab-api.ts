import { apiFetch } from '@kasa/api-client';
import type { SpeakRequest, SpeechResult, TranscriptionResult } from '@kasa/contracts';

export const VOICE_SPEAK_PATH = '/api/voice/speak';
export const VOICE_TRANSCRIBE_PATH = '/api/voice/transcribe';

export function speak(body: SpeakRequest): Promise<SpeechResult> {
  return apiFetch<SpeechResult>(VOICE_SPEAK_PATH, { method: 'POST', body });
}

/** Multipart POST with the audio in the field `audio`. */
export function transcribe({
  audio,
  fileName,
}: {
  audio: Blob;
  fileName: string;
}): Promise<TranscriptionResult> {
  const form = new FormData();
  form.append('audio', audio, fileName);
  return apiFetch<TranscriptionResult>(VOICE_TRANSCRIBE_PATH, { method: 'POST', body: form });
}
