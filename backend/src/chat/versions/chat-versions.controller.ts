import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ChatMessage, type ChatMessageVersion, IDEMPOTENCY_KEY_HEADER } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { EventStream } from '../../concurrency-limits';
import {
  ApiErrorResponse,
  ApiOtherErrors,
  ApiSignedIn,
  ApiUsageLimit,
  ApiValidationFailed,
} from '../../docs';
import { idempotencyKeyOf } from '../../idempotent-requests';
import type { User } from '../../users';
import { ConversationParams, MessageParams, RegenerateReplyDto, ShowVersionDto } from '../dto/chat.dto';
import { ApiChatEventStream, ChatMessageDoc, ChatMessageVersionDoc } from '../dto/chat.responses';
import { ApiChatModelNotAllowed, CHAT_MODEL_UNKNOWN_WHEN } from '../models';
import { ReplyStreamService } from '../reply-stream/reply-stream.service';
import { streamStartedReply } from '../reply-stream/started-reply-stream';
import { ChatRegenerationService } from './chat-regeneration.service';
import { ChatVersionsService } from './chat-versions.service';

/** Node lowers header names. */
const IDEMPOTENCY_HEADER_LOWER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const MESSAGE_NOT_FOUND = "No such message among the user's (CHAT_MESSAGE_NOT_FOUND).";

/**
 * Versions and branches (docs/architecture.md#versions-and-branches): a new version of a reply,
 * the versions of a message, and which one a conversation shows. Every route needs a signed-in user.
 */
@ApiTags('chat')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('chat')
@UseGuards(JwtAuthGuard)
export class ChatVersionsController {
  constructor(
    private readonly regeneration: ChatRegenerationService,
    private readonly versions: ChatVersionsService,
    private readonly replyStream: ReplyStreamService,
  ) {}

  /**
   * Writes a new version of a reply (Retry of a failed one too), streamed as POST /api/chat
   * streams a reply: the ids event (`userMessageId`: the question answered, `assistantMessageId`:
   * the new version), chunks, the final event.
   */
  @Post('messages/:id/regenerate')
  @HttpCode(200)
  @EventStream()
  @ApiChatEventStream()
  @ApiValidationFailed(
    `the message is the user's own, not a reply (CHAT_MESSAGE_NOT_REPLY), or ${CHAT_MODEL_UNKNOWN_WHEN}`,
  )
  @ApiErrorResponse(404, `${MESSAGE_NOT_FOUND} Nothing is charged.`)
  @ApiChatModelNotAllowed()
  @ApiErrorResponse(
    409,
    'The reply is still being written (CHAT_REPLY_STILL_WRITING), or the Idempotency-Key was used for another request (CHAT_IDEMPOTENCY_KEY_REUSED).',
  )
  @ApiUsageLimit('messagesPerMonth')
  @ApiErrorResponse(503, 'The server is restarting: ask again in a moment.')
  @ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    description:
      "A UUID made once per new version and sent again on every retry: a second request with it creates and charges nothing and answers the first one's stream. Kept 24 h.",
  })
  async regenerate(
    @CurrentUser() user: User,
    @Param() params: MessageParams,
    @Body() body: RegenerateReplyDto,
    @Headers(IDEMPOTENCY_HEADER_LOWER) idempotencyKey: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const started = await this.regeneration.regenerate(
      user,
      params.id.toLowerCase(),
      body,
      idempotencyKeyOf(idempotencyKey),
    );
    if (!started.reply) return this.replyStream.streamReply(user, started.assistantMessageId, 0, response);
    streamStartedReply(response, started);
  }

  @Get('messages/:id/versions')
  @ApiOkResponse({
    type: [ChatMessageVersionDoc],
    description: 'Every version of the message, itself included, oldest first.',
  })
  @ApiValidationFailed()
  @ApiErrorResponse(404, MESSAGE_NOT_FOUND)
  listVersions(@CurrentUser() user: User, @Param() params: MessageParams): Promise<ChatMessageVersion[]> {
    return this.versions.listVersions(user, params.id);
  }

  @Put('conversations/:id/current')
  @ApiOkResponse({
    type: [ChatMessageDoc],
    description:
      'The conversation now shows the message and its newest descendants: the messages shown, oldest first (as GET /api/chat/conversations/{id}).',
  })
  @ApiValidationFailed()
  @ApiErrorResponse(
    404,
    "No such conversation among the user's (CHAT_CONVERSATION_NOT_FOUND), or the message is not in it (CHAT_MESSAGE_NOT_FOUND).",
  )
  showVersion(
    @CurrentUser() user: User,
    @Param() params: ConversationParams,
    @Body() body: ShowVersionDto,
  ): Promise<ChatMessage[]> {
    return this.versions.showVersion(user, params.id, body.messageId);
  }
}
