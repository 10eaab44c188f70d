import { HttpStatus } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { ApiException, conversationChoiceInvalid, NEW_CONVERSATION_ID_INVALID } from '../common';
import type { AudioUpload } from './audio-upload';

/**
 * The new chat an upload's transcription starts (its `newConversationId` form field), if any: a
 * 400 when it is not a UUID or comes with a conversationId (a transcription joins one conversation).
 */
export function newConversationIdOf(upload: AudioUpload): string | undefined {
  const value = upload.fields?.newConversationId?.trim();
  if (value === undefined) return undefined;
  if (!isUUID(value))
    throw new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', NEW_CONVERSATION_ID_INVALID, [
      NEW_CONVERSATION_ID_INVALID,
    ]);
  if (upload.conversationId) throw conversationChoiceInvalid();
  return value;
}
