import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ChatMessage, ChatSearchHit, ConversationSummary, StopChatResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth';
import {
  ApiChatEventStream,
  ApiErrorResponse,
  ApiOtherErrors,
  ApiSignedIn,
  ApiUsageLimit,
  ApiValidationFailed,
  ChatMessageDoc,
  ChatSearchHitDoc,
  ConversationSummaryDoc,
  StopChatResponseDoc,
} from '../docs';
import type { User } from '../users';
import { ChatService } from './chat.service';
import { ConversationParams, RenameConversationDto, SearchChatQuery, SendChatDto } from './dto/chat.dto';
import { KEEP_ALIVE_MS, openEventStream, writeEvent, writeKeepAlive } from '../common/sse';

/** Conversations (list, read, rename, delete, stop, search) and the streamed send. Every route needs a signed-in user. */
@ApiTags('chat')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('chat')
@UseGuards(JwtAuthGuard)
export class ChatController {
  constructor(private readonly chat: ChatService) {}

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
  @ApiChatEventStream()
  @ApiValidationFailed()
  @ApiErrorResponse(
    404,
    "conversationId is not one of the user's conversations, or an attachment is not one of the user's uploads or canvases (CHAT_ATTACHMENT_NOT_FOUND); nothing is charged.",
  )
  @ApiUsageLimit('messagesPerMonth')
  @ApiErrorResponse(503, 'The server is restarting: send again in a moment.')
  async send(@CurrentUser() user: User, @Body() body: SendChatDto, @Res() response: Response): Promise<void> {
    const started = await this.chat.send(user, body);
    openEventStream(response);
    writeEvent(response, {
      conversationId: started.conversationId,
      userMessageId: started.userMessageId,
      assistantMessageId: started.assistantMessageId,
    });
    const keepAlive = setInterval(() => writeKeepAlive(response), KEEP_ALIVE_MS);
    const unsubscribe = started.reply.subscribe((event) => {
      writeEvent(response, event);
      if (event.done || event.error) response.end();
    });
    response.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  }
}
