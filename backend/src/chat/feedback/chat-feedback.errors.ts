/** Errors of feedback and follow-ups on replies (docs/architecture.md#errors). */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common';

export const MESSAGE_NOT_REPLY = 'Only a reply of the assistant can be rated or followed up.';

/** 400: the message is the user's own, not an assistant reply. */
export const messageNotReply = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'CHAT_MESSAGE_NOT_REPLY', MESSAGE_NOT_REPLY);
