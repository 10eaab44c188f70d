import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth';
import { FilesModule } from '../../files';
import { WebModule } from '../../web';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ChatMessageEntity } from '../entities/chat-message.entity';
import { ConversationEntity } from '../entities/conversation.entity';
import { ChatModelsModule } from '../models/chat-models.module';
import { ShareLinksController } from './share-links.controller';
import { SharePageMetaSource } from './share-page-meta.source';
import { SharedConversationsController } from './shared-conversations.controller';
import { SharesRepository } from './shares.repository';
import { SharesService } from './shares.service';

/**
 * Shared links to a conversation (libs/contracts/src/sharing.ts): /api/shares for the owner and
 * the public read, and the meta of the shell's /s/{id} page (registered with web/).
 * ConversationsRepository is stateless: this module reads the shown messages with its own instance.
 */
@Module({
  imports: [
    AuthModule,
    FilesModule,
    ChatModelsModule,
    WebModule,
    TypeOrmModule.forFeature([ConversationEntity, ChatMessageEntity]),
  ],
  controllers: [ShareLinksController, SharedConversationsController],
  providers: [ConversationsRepository, SharesRepository, SharesService, SharePageMetaSource],
})
export class ChatSharingModule {}
