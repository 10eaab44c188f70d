import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { ChatModelsModule } from '../models/chat-models.module';
import { ChatFollowUpsController } from './chat-follow-ups.controller';
import { ChatFollowUpsService } from './chat-follow-ups.service';
import { FollowUpsRepository } from './follow-ups.repository';

/**
 * Follow-up suggestions under replies (the chat model and the knowledge search come from AiModule;
 * which models are still configured, from ChatModelsModule).
 */
@Module({
  imports: [AuthModule, ChatModelsModule],
  controllers: [ChatFollowUpsController],
  providers: [FollowUpsRepository, ChatFollowUpsService],
})
export class ChatFollowUpsModule {}
