import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type ChatMessage,
  type ChatSearchHit,
  type ConversationSummary,
  IDEMPOTENCY_KEY_HEADER,
  type StopChatResponse,
} from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth';
import { EventStream } from '../concurrency-limits';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiUsageLimit, ApiValidationFailed } from '../docs';
import {
  ApiChatEventStream,
  ChatMessageDoc,
  ChatSearchHitDoc,
  ConversationSummaryDoc,
  StopChatResponseDoc,
} from './dto/chat.responses';
import { idempotencyKeyOf } from '../idempotent-requests';
import type { User } from '../users';
import { ChatService, type RetriedChat } from './chat.service';
import { ApiChatModelNotAllowed, CHAT_MODEL_UNKNOWN_WHEN } from './models';
import { ReplyStreamService } from './reply-stream/reply-stream.service';
import { ConversationParams, RenameConversationDto, SearchChatQuery, SendChatDto } from './dto/chat.dto';
import { streamStartedReply } from './reply-stream/started-reply-stream';

/** Node lowers header names. */
const IDEMPOTENCY_HEADER_LOWER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** Conversations (list, read, rename, delete, stop, search) and the streamed send. Every route needs a signed-in user. */
@ApiTags('chat')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('chat')
@UseGuards(JwtAuthGuard)
export class ChatController {
  constructor(
    private readonly chat: ChatService,
    private readonly replyStream: ReplyStreamService,
  ) {}

  @Get('conversations')
  @ApiOkResponse({ type: [ConversationSummaryDoc], description: 'Newest activity first.' })
  listConversations(@CurrentUser() user: User): Promise<ConversationSummary[]> {
    return this.chat.listConversations(user);
  }

  @Get('conversations/:id')
  @ApiOkResponse({ type: [ChatMessageDoc], description: 'Oldest first.' })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "No such conversation among the user's.")
  getMessages(@CurrentUser() user: User, @Param() params: ConversationParams): Promise<ChatMessage[]> {
    return this.chat.getMessages(user, params.id);
  }

  @Patch('conversations/:id')
  @ApiOkResponse({ type: ConversationSummaryDoc })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "No such conversation among the user's.")
  rename(
    @CurrentUser() user: User,
    @Param() params: ConversationParams,
    @Body() body: RenameConversationDto,
  ): Promise<ConversationSummary> {
    return this.chat.rename(user, params.id, body.title);
  }

  @Delete('conversations/:id')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'Deleted with its messages (a reply being written is stopped first).',
  })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "No such conversation among the user's.")
  async delete(@CurrentUser() user: User, @Param() params: ConversationParams): Promise<void> {
    await this.chat.delete(user, params.id);
  }

  @Post('conversations/:id/stop')
  @HttpCode(200)
  @ApiOkResponse({ type: StopChatResponseDoc, description: 'The text written so far is kept.' })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "No such conversation among the user's.")
  stop(@CurrentUser() user: User, @Param() params: ConversationParams): Promise<StopChatResponse> {
    return this.chat.stop(user, params.id);
  }

  @Get('search')
  @ApiOkResponse({
    type: [ChatSearchHitDoc],
    description: "Matches in the user's own conversations, best first.",
  })
  @ApiValidationFailed()
  search(@CurrentUser() user: User, @Query() query: SearchChatQuery): Promise<ChatSearchHit[]> {
    return this.chat.search(user, query.q);
  }

  /**
   * Streams the reply as `data: {json}` lines (ChatStreamEvent). Errors found before the stream
   * starts (validation, unknown conversation) are ordinary JSON errors. The response only
   * listens to the reply: when the client goes away the reply is still written and saved.
   */
  @Post()
  @EventStream()
  @ApiChatEventStream()
  @ApiValidationFailed(CHAT_MODEL_UNKNOWN_WHEN)
  @ApiErrorResponse(
    404,
    "conversationId is not one of the user's conversations, parentMessageId is not a message of it (CHAT_MESSAGE_NOT_FOUND), or an attachment is not one of the user's uploads or canvases (CHAT_ATTACHMENT_NOT_FOUND); nothing is charged.",
  )
  @ApiChatModelNotAllowed()
  @ApiUsageLimit('messagesPerMonth')
  @ApiErrorResponse(503, 'The server is restarting: send again in a moment.')
  @ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    description:
      "A UUID made once per message and sent again on every retry: a second send with it creates and charges nothing and answers the first send's stream. Kept 24 h.",
  })
  @ApiErrorResponse(409, 'The Idempotency-Key was used for another message (CHAT_IDEMPOTENCY_KEY_REUSED).')
  async send(
    @CurrentUser() user: User,
    @Body() body: SendChatDto,
    @Headers(IDEMPOTENCY_HEADER_LOWER) idempotencyKey: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    // Parsed in the handler, after the body's validation: a bad body is answered first.
    const started = await this.chat.send(user, body, idempotencyKeyOf(idempotencyKey));
    if (!started.reply) return this.answerRetry(user, started, response);
    streamStartedReply(response, started);
  }

  /**
   * A retried send (its idempotency key was used before): the same stream as the first send, the
   * ids event then the reply from its start, live or saved, through the resumable reply service.
   * Nothing is created or charged.
   */
  private answerRetry(user: User, started: RetriedChat, response: Response): Promise<void> {
    return this.replyStream.streamReply(user, started.assistantMessageId, 0, response);
  }
}
