import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { FilesModule } from '../files';
import { UsageModule } from '../usage';
import { ChatAttachmentsRegistry } from './attachments/chat-attachments.registry';
import { ChatAttachmentsService } from './attachments/chat-attachments.service';
import { ChatController } from './chat.controller';
import { ChatModelsModule } from './models/chat-models.module';
import { ChatFeedbackModule } from './feedback/chat-feedback.module';
import { ChatFollowUpsModule } from './follow-ups/chat-follow-ups.module';
import { ChatExportModule } from './export/chat-export.module';
import { ChatSharingModule } from './sharing/chat-sharing.module';
import { ChatPromptContextRegistry } from './prompt/prompt-context.registry';
import { ChatService } from './chat.service';
import { AppendedMessagesRepository } from './conversations/appended-messages.repository';
import { ConversationsRepository } from './conversations/conversations.repository';
import { ConversationsKnowledgeRepository } from './conversations-knowledge.repository';
import { ConversationsKnowledgeSource } from './conversations-knowledge.source';
import { ChatMessageEntity } from './entities/chat-message.entity';
import { ConversationEntity } from './entities/conversation.entity';
import { ChatGenerationService } from './generation/chat-generation.service';
import { ReplyRepository } from './generation/reply.repository';
import { replyBusProvider } from './reply-stream/reply-bus.provider';
import { ReplyStreamController } from './reply-stream/reply-stream.controller';
import { ReplyStreamRepository } from './reply-stream/reply-stream.repository';
import { ReplyStreamService } from './reply-stream/reply-stream.service';
import { ReplyTakeoverService } from './reply-stream/reply-takeover.service';
import { ChatSendKeysCleanup } from './send-keys/chat-send-keys.cleanup';
import { SendKeysRepository } from './send-keys/send-keys.repository';
import { ChatTurnAnswer } from './turns/chat-turn-answer';
import { ReplyStarter } from './turns/reply-starter';
import { TurnRepository } from './turns/turn.repository';
import { ChatRegenerationService } from './versions/chat-regeneration.service';
import { ChatVersionsController } from './versions/chat-versions.controller';
import { ChatVersionsService } from './versions/chat-versions.service';
import { MessageVersionsRepository } from './versions/message-versions.repository';

/**
 * Conversations and streamed replies (docs/architecture.md#data-flow-a-chat-send). The model
 * comes from the AI module (CHAT_MODEL); replies are written by ChatGenerationService.
 */
@Module({
  imports: [
    AuthModule,
    FilesModule,
    UsageModule,
    ChatModelsModule,
    ChatFeedbackModule,
    ChatFollowUpsModule,
    ChatSharingModule,
    ChatExportModule,
    TypeOrmModule.forFeature([ConversationEntity, ChatMessageEntity]),
  ],
  controllers: [ChatController, ReplyStreamController, ChatVersionsController],
  providers: [
    ConversationsRepository,
    AppendedMessagesRepository,
    TurnRepository,
    SendKeysRepository,
    ReplyRepository,
    ChatService,
    ChatGenerationService,
    ConversationsKnowledgeRepository,
    ConversationsKnowledgeSource,
    ChatAttachmentsRegistry,
    ChatAttachmentsService,
    ChatPromptContextRegistry,
    ChatSendKeysCleanup,
    replyBusProvider,
    ReplyStreamRepository,
    ReplyStreamService,
    ReplyTakeoverService,
    ReplyStarter,
    ChatTurnAnswer,
    MessageVersionsRepository,
    ChatRegenerationService,
    ChatVersionsService,
  ],
  exports: [ChatService, ChatAttachmentsRegistry, ChatPromptContextRegistry, ChatTurnAnswer],
})
export class ChatModule {}
