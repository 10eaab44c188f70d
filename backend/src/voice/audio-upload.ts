import type { Request } from 'express';
import { AUDIO_UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { type MultipartFileRules, type ReceivedFile, withMultipartFile } from '../common/multipart-file';
import { AUDIO_REQUIRED, audioTooLarge } from './voice.errors';

/** What POST /api/voice/transcribe was sent: one file in the field 'audio', and `language` and `newConversationId` if given. */
export type AudioUpload = ReceivedFile;

const AUDIO_RULES: MultipartFileRules = {
  field: 'audio',
  maxBytes: AUDIO_UPLOAD_MAX_BYTES,
  missingCode: 'VOICE_AUDIO_MISSING',
  required: AUDIO_REQUIRED,
  noun: 'audio',
  tooLarge: audioTooLarge,
  // The "I speak" hint (a SpeechLanguageHint), and a new chat's id (the conversation the
  // transcription starts), both checked by the service.
  textFields: ['language', 'newConversationId'],
};

/** The audio streamed to a temporary file under `dir` (common/multipart-file.ts), removed after `use`. */
export function withAudioUpload<T>(
  request: Request,
  dir: string,
  use: (upload: AudioUpload) => Promise<T>,
): Promise<T> {
  return withMultipartFile(request, dir, AUDIO_RULES, use);
}
