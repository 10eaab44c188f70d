import { Controller, Get, Headers, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import type { Response } from 'express';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { EventStream } from '../../concurrency-limits';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import { ApiChatEventStream } from '../dto/chat.responses';
import type { User } from '../../users';
import { ReplyStreamService } from './reply-stream.service';
import { resumeOffsetOf } from './resume-offset';

/** Path parameter of /api/chat/messages/:id/stream (a malformed id is a 400, never a database error). */
export class MessageParams {
  @ApiProperty({ type: String, format: 'uuid', description: "The reply's assistantMessageId." })
  @IsUUID('all', { message: 'The message id must be a UUID.' })
  id: string;
}

/** Resumable replies: reattach to a reply being written (or written) on any API instance. */
@ApiTags('chat')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('chat')
@UseGuards(JwtAuthGuard)
export class ReplyStreamController {
  constructor(private readonly replies: ReplyStreamService) {}

  /**
   * The reply's stream from an offset (the last SSE id the client received): the ids event
   * again, the text after the offset (maybe as one chunk), the live chunks, the final event.
   */
  @Get('messages/:id/stream')
  @EventStream()
  @ApiChatEventStream()
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description:
      'The id of the last event received (an offset, a whole number ≥ 0); 0 or absent: the whole reply.',
  })
  @ApiQuery({
    name: 'lastEventId',
    required: false,
    schema: { type: 'integer', minimum: 0 },
    description: 'The same, for clients that cannot set the header (the header wins).',
  })
  @ApiValidationFailed('Last-Event-ID is not a whole number ≥ 0, or is past the text of the reply.')
  @ApiErrorResponse(404, "No such reply among the user's messages (CHAT_MESSAGE_NOT_FOUND).")
  async stream(
    @CurrentUser() user: User,
    @Param() params: MessageParams,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Query('lastEventId') queryLastEventId: unknown,
    @Res() response: Response,
  ): Promise<void> {
    const offset = resumeOffsetOf(lastEventId, queryLastEventId);
    await this.replies.streamReply(user, params.id.toLowerCase(), offset, response);
  }
}
