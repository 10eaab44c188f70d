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
import type { Response } from 'express';
import type { ChatMessage, ChatSearchHit, ConversationSummary, StopChatResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth';
import type { User } from '../users';
import { ChatService } from './chat.service';
import { ConversationParams, RenameConversationDto, SearchChatQuery, SendChatDto } from './dto/chat.dto';
import { KEEP_ALIVE_MS, openEventStream, writeEvent, writeKeepAlive } from './sse';

/** Spec §7 'Chat', plus rename, delete, stop and search. Every route needs a signed-in user. */
@Controller('chat')
@UseGuards(JwtAuthGuard)
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('conversations')
  listConversations(@CurrentUser() user: User): Promise<ConversationSummary[]> {
    return this.chat.listConversations(user);
  }

  @Get('conversations/:id')
  getMessages(@CurrentUser() user: User, @Param() params: ConversationParams): Promise<ChatMessage[]> {
    return this.chat.getMessages(user, params.id);
  }

  @Patch('conversations/:id')
  rename(
    @CurrentUser() user: User,
    @Param() params: ConversationParams,
    @Body() body: RenameConversationDto,
  ): Promise<ConversationSummary> {
    return this.chat.rename(user, params.id, body.title);
  }

  @Delete('conversations/:id')
  @HttpCode(204)
  async delete(@CurrentUser() user: User, @Param() params: ConversationParams): Promise<void> {
    await this.chat.delete(user, params.id);
  }

  @Post('conversations/:id/stop')
  @HttpCode(200)
  stop(@CurrentUser() user: User, @Param() params: ConversationParams): Promise<StopChatResponse> {
    return this.chat.stop(user, params.id);
  }

  @Get('search')
  search(@CurrentUser() user: User, @Query() query: SearchChatQuery): Promise<ChatSearchHit[]> {
    return this.chat.search(user, query.q);
  }

  /**
   * Streams the reply as `data: {json}` lines (ChatStreamEvent). Errors found before the stream
   * starts (validation, unknown conversation) are ordinary JSON errors. The response only
   * listens to the reply: when the client goes away the reply is still written and saved.
   */
  @Post()
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
