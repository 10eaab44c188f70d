import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ChatMessageEntity } from '../entities/chat-message.entity';
import { ConversationEntity } from '../entities/conversation.entity';
import { ChatModelsModule } from '../models/chat-models.module';
import { ChatExportController } from './chat-export.controller';
import { ChatExportService } from './chat-export.service';

/**
 * GET /api/chat/conversations/{id}/export: one conversation as Markdown or JSON.
 * ConversationsRepository is stateless: this module reads the shown messages with its own instance.
 */
@Module({
  imports: [AuthModule, ChatModelsModule, TypeOrmModule.forFeature([ConversationEntity, ChatMessageEntity])],
  controllers: [ChatExportController],
  providers: [ConversationsRepository, ChatExportService],
})
export class ChatExportModule {}
