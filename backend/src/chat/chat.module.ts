import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { FilesModule } from '../files';
import { UsageModule } from '../usage';
import { ChatAttachmentsRegistry } from './attachments/chat-attachments.registry';
import { ChatAttachmentsService } from './attachments/chat-attachments.service';
import { ChatController } from './chat.controller';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { ConversationsKnowledgeSource } from './conversations-knowledge.source';
import { ChatMessageEntity } from './entities/chat-message.entity';
import { ConversationEntity } from './entities/conversation.entity';
import { ChatGenerationService } from './generation/chat-generation.service';

/**
 * Conversations and streamed replies (docs/architecture.md#data-flow-a-chat-send). The model
 * comes from the AI module (CHAT_MODEL); replies are written by ChatGenerationService.
 */
@Module({
  imports: [
    AuthModule,
    FilesModule,
    UsageModule,
    TypeOrmModule.forFeature([ConversationEntity, ChatMessageEntity]),
  ],
  controllers: [ChatController],
  providers: [
    ChatRepository,
    ChatService,
    ChatGenerationService,
    ConversationsKnowledgeSource,
    ChatAttachmentsRegistry,
    ChatAttachmentsService,
  ],
  exports: [ChatService, ChatAttachmentsRegistry],
})
export class ChatModule {}
