import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { EntitlementModule } from '../../entitlement';
import { ChatModelsController } from './chat-models.controller';
import { ChatModelsService } from './chat-models.service';

/**
 * The chat models a user may pick (CHAT_MODELS, docs/operations.md#chat-models): the catalogue,
 * GET /api/chat/models, and the choice a send or regenerate makes (ChatModelsService.choose).
 */
@Module({
  imports: [AuthModule, EntitlementModule],
  controllers: [ChatModelsController],
  providers: [ChatModelsService],
  exports: [ChatModelsService],
})
export class ChatModelsModule {}
