import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { AUDIO_UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { ApiException } from '../common/api-exception';
import { type MultipartFileRules, type ReceivedFile, withMultipartFile } from '../common/multipart-file';

export const AUDIO_REQUIRED = 'Please select an audio file.';
export const AUDIO_TOO_LARGE = `An audio file can be at most ${AUDIO_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;

/** What POST /api/voice/transcribe was sent: one file in the field 'audio'. */
export type AudioUpload = ReceivedFile;

const AUDIO_RULES: MultipartFileRules = {
  field: 'audio',
  maxBytes: AUDIO_UPLOAD_MAX_BYTES,
  missingCode: 'VOICE_AUDIO_MISSING',
  required: AUDIO_REQUIRED,
  noun: 'audio',
  tooLarge: () => new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, 'VOICE_AUDIO_TOO_LARGE', AUDIO_TOO_LARGE),
};

/** The audio streamed to a temporary file under `dir` (common/multipart-file.ts), removed after `use`. */
export function withAudioUpload<T>(
  request: Request,
  dir: string,
  use: (upload: AudioUpload) => Promise<T>,
): Promise<T> {
  return withMultipartFile(request, dir, AUDIO_RULES, use);
}
