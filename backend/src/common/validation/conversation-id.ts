import { HttpStatus } from '@nestjs/common';
import { IsUUID } from 'class-validator';
import { ApiException } from '../api-exception';

/** The 400 of a `conversationId` that is not a UUID, in a JSON body, a query or a form field. */
export const CONVERSATION_ID_INVALID = 'conversationId must be a conversation id (a UUID).';

/**
 * A conversation id a request names (chat, media, voice, enhancements, language tool): a UUID of
 * any version, else CONVERSATION_ID_INVALID. Whether it is the user's is the feature's check.
 */
export function IsConversationId(): PropertyDecorator {
  return IsUUID('all', { message: CONVERSATION_ID_INVALID });
}

/** The 400 of a new chat's `newConversationId` (the id the app chose for it) that is not a UUID. */
export const NEW_CONVERSATION_ID_INVALID = 'newConversationId must be a conversation id (a UUID).';

export function IsNewConversationId(): PropertyDecorator {
  return IsUUID('all', { message: NEW_CONVERSATION_ID_INVALID });
}

/** A result joins one conversation: the open one, or the one a new chat starts. */
export const CONVERSATION_CHOICE_INVALID = 'Send conversationId or newConversationId, not both.';

export const conversationChoiceInvalid = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', CONVERSATION_CHOICE_INVALID, [
    CONVERSATION_CHOICE_INVALID,
  ]);
