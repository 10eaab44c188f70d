import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/**
 * Path parameter of /api/chat/messages/:id/feedback and /follow-ups (a malformed id is a 400,
 * never a database error).
 */
export class ReplyParams {
  @ApiProperty({ type: String, format: 'uuid', description: "The reply's assistantMessageId." })
  @IsUUID('all', { message: 'The message id must be a UUID.' })
  id: string;
}
