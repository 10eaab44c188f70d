import { IsUUID } from 'class-validator';

/** The 400 of a `conversationId` that is not a UUID, in a JSON body, a query or a form field. */
export const CONVERSATION_ID_INVALID = 'conversationId must be a conversation id (a UUID).';

/**
 * A conversation id a request names (chat, media, voice, enhancements, language tool): a UUID of
 * any version, else CONVERSATION_ID_INVALID. Whether it is the user's is the feature's check.
 */
export function IsConversationId(): PropertyDecorator {
  return IsUUID('all', { message: CONVERSATION_ID_INVALID });
}
