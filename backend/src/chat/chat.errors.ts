/** Chat's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER } from '@kasa/contracts';
import { ApiException } from '../common';

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
export const SERVER_RESTARTING = 'The server is restarting. Please send your message again in a moment.';
export const SEND_KEY_REUSED = `This ${IDEMPOTENCY_KEY_HEADER} was already used for another message. Use a new key for a new message.`;
export const ATTACHMENT_NOT_FOUND = 'An attached file or canvas was not found. Remove it and try again.';
export const MESSAGE_NOT_FOUND = 'Message not found.';
export const REPLY_STILL_WRITING =
  'This reply is still being written. Stop it first, or wait until it ends, then write it again.';
export const NOT_A_REPLY = "Only a reply of the assistant to a user's message can be written again.";
export const PARENT_NEEDS_CONVERSATION = 'parentMessageId needs conversationId (the conversation it is in).';
export const RESUME_OFFSET_INVALID =
  'Last-Event-ID must be a whole number of at least 0 (an id of the stream).';
export const RESUME_OFFSET_BEYOND = 'Last-Event-ID is beyond the text of this reply.';

/** 404: no such conversation among the user's. */
export const conversationNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'CHAT_CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND);

/** 503: this instance is shutting down and starts no reply. */
export const serverRestarting = () =>
  new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'CHAT_SERVER_RESTARTING', SERVER_RESTARTING);

/** 409: the send's Idempotency-Key came before with another body. */
export const sendKeyReused = () =>
  new ApiException(HttpStatus.CONFLICT, 'CHAT_IDEMPOTENCY_KEY_REUSED', SEND_KEY_REUSED);

/** 404: an attachment is not one of the user's uploads or canvases. */
export const attachmentNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'CHAT_ATTACHMENT_NOT_FOUND', ATTACHMENT_NOT_FOUND);

/** 404: no such reply among the user's messages. */
export const messageNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'CHAT_MESSAGE_NOT_FOUND', MESSAGE_NOT_FOUND);

/** 409: a new version of a reply that is still being written. */
export const replyStillWriting = () =>
  new ApiException(HttpStatus.CONFLICT, 'CHAT_REPLY_STILL_WRITING', REPLY_STILL_WRITING);

/** 400: the message to write again is the user's own (or a reply to no question of theirs). */
export const notAReply = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'CHAT_MESSAGE_NOT_REPLY', NOT_A_REPLY);

const invalid = (message: string) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, [message]);

/** 400: the resume offset (Last-Event-ID) is not an id of the stream. */
export const resumeOffsetInvalid = () => invalid(RESUME_OFFSET_INVALID);

/** 400: the resume offset is past the reply's text (not an id this reply ever sent). */
export const resumeOffsetBeyond = () => invalid(RESUME_OFFSET_BEYOND);

/** 400: a send names a parent message without its conversation. */
export const parentNeedsConversation = () => invalid(PARENT_NEEDS_CONVERSATION);
