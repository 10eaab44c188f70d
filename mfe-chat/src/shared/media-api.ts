// The media and voice API as the chat uses it (libs/contracts/src/media.ts has the shapes).
import { apiFetch } from '@kasa/api-client';
import {
  IDEMPOTENCY_KEY_HEADER,
  IMAGE_SIZES,
  type MediaGenerateRequest,
  type MediaGenerationResult,
  type SpeakRequest,
  type SpeechResult,
  type TranscriptionResult,
} from '@kasa/contracts';

export type { MediaGenerationResult, SpeechResult, TranscriptionResult };

/** A request that may be tried again (the media outbox) carries its key: the server runs it once. */
function idempotencyHeaders(key: string | undefined): Record<string, string> | undefined {
  return key ? { [IDEMPOTENCY_KEY_HEADER]: key } : undefined;
}

/** Quick actions draw square images (the first size) and speak with the default voice. */
export function generateImage(
  prompt: string,
  conversationId: string | null,
  idempotencyKey?: string,
): Promise<MediaGenerationResult> {
  const body: MediaGenerateRequest = { prompt, type: 'image', size: IMAGE_SIZES[0] };
  if (conversationId) body.conversationId = conversationId;
  return apiFetch<MediaGenerationResult>('/api/media/generate', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
  });
}

/** mp3 plays everywhere; the data saver asks for Opus (about half the bytes) where it plays. */
export function speak(text: string, format: SpeakRequest['format'] = 'mp3'): Promise<SpeechResult> {
  const body: SpeakRequest = { text, voice: 'alloy', format };
  return apiFetch<SpeechResult>('/api/voice/speak', { method: 'POST', body });
}

/** Multipart: the file as 'audio', and the conversation the transcription joins, if any. */
export function transcribe(
  audio: Blob,
  fileName: string,
  conversationId: string | null,
  idempotencyKey?: string,
): Promise<TranscriptionResult> {
  const form = new FormData();
  form.append('audio', audio, fileName);
  if (conversationId) form.append('conversationId', conversationId);
  return apiFetch<TranscriptionResult>('/api/voice/transcribe', {
    method: 'POST',
    body: form,
    headers: idempotencyHeaders(idempotencyKey),
  });
}
