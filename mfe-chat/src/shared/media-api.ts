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

/**
 * Where a quick action's result goes: the open conversation, or else, from a new chat, the
 * conversation it starts under the id the app chose (quick-actions/new-chat-conversation.ts).
 */
export interface ResultTarget {
  conversationId: string | null;
  newConversationId?: string | null;
}

/** A request that may be tried again (the media outbox) carries its key: the server runs it once. */
function idempotencyHeaders(key: string | undefined): Record<string, string> | undefined {
  return key ? { [IDEMPOTENCY_KEY_HEADER]: key } : undefined;
}

/** Quick actions draw square images (the first size) and speak with the default voice. */
export function generateImage(
  prompt: string,
  target: ResultTarget,
  idempotencyKey?: string,
): Promise<MediaGenerationResult> {
  const body: MediaGenerateRequest = { prompt, type: 'image', size: IMAGE_SIZES[0] };
  if (target.conversationId) body.conversationId = target.conversationId;
  else if (target.newConversationId) body.newConversationId = target.newConversationId;
  return apiFetch<MediaGenerationResult>('/api/media/generate', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
  });
}

/**
 * mp3 plays everywhere; the data saver asks for Opus (about half the bytes) where it plays. With a
 * target (the Text to Speech quick action), the text and the speech join or start its conversation.
 */
export function speak(
  text: string,
  format: SpeakRequest['format'] = 'mp3',
  target?: ResultTarget,
): Promise<SpeechResult> {
  const body: SpeakRequest = { text, voice: 'alloy', format };
  if (target?.conversationId) body.conversationId = target.conversationId;
  else if (target?.newConversationId) body.newConversationId = target.newConversationId;
  return apiFetch<SpeechResult>('/api/voice/speak', { method: 'POST', body });
}

/** Multipart: the file as 'audio', and the conversation the transcription joins or starts, if any. */
export function transcribe(
  audio: Blob,
  fileName: string,
  target: ResultTarget,
  idempotencyKey?: string,
): Promise<TranscriptionResult> {
  const form = new FormData();
  form.append('audio', audio, fileName);
  if (target.conversationId) form.append('conversationId', target.conversationId);
  else if (target.newConversationId) form.append('newConversationId', target.newConversationId);
  return apiFetch<TranscriptionResult>('/api/voice/transcribe', {
    method: 'POST',
    body: form,
    headers: idempotencyHeaders(idempotencyKey),
  });
}
