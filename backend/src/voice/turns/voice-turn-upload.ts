import type { Request } from 'express';
import { AUDIO_UPLOAD_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH } from '@kasa/contracts';
import { createValidationPipe } from '../../common';
import { type ReceivedFile, withMultipartFile } from '../../common/multipart-file';
import { AUDIO_REQUIRED, audioTooLarge } from '../voice.errors';
import { VOICE_TURN_TEXT_FIELDS, VoiceTurnFieldsDto } from './dto/voice-turn-fields.dto';

/** What POST /api/voice/turns was sent: its recording (when any) and its fields, validated. */
export interface VoiceTurnUpload {
  /** The recording as received (size 0: an empty part); absent when none came (recordingId). */
  audio?: ReceivedFile;
  fields: VoiceTurnFieldsDto;
}

const validation = createValidationPipe();

/**
 * The multipart body streamed to a temporary file under `dir` (common/multipart-file.ts) and its
 * text fields validated like a JSON body (400 VALIDATION_FAILED), then `use`; the file is removed
 * afterwards. A missing or empty recording is the route's to judge (recordingId may replace it).
 */
export function withVoiceTurnUpload<T>(
  request: Request,
  dir: string,
  use: (upload: VoiceTurnUpload) => Promise<T>,
): Promise<T> {
  return withMultipartFile(
    request,
    dir,
    {
      field: 'audio',
      maxBytes: AUDIO_UPLOAD_MAX_BYTES,
      missingCode: 'VOICE_AUDIO_MISSING',
      required: AUDIO_REQUIRED,
      noun: 'audio',
      tooLarge: audioTooLarge,
      textFields: VOICE_TURN_TEXT_FIELDS,
      // A message's characters take up to 4 bytes in UTF-8; its length is the DTO's to refuse.
      textFieldMaxBytes: CHAT_MESSAGE_MAX_LENGTH * 4,
      fileOptional: true,
    },
    async (received) => {
      const plain = {
        ...received.fields,
        ...(received.conversationId ? { conversationId: received.conversationId } : {}),
      };
      const fields = (await validation.transform(plain, {
        type: 'body',
        metatype: VoiceTurnFieldsDto,
      })) as VoiceTurnFieldsDto;
      return use({ ...(received.noFile ? {} : { audio: received }), fields });
    },
  );
}
