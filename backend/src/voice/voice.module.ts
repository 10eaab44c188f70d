import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ChatModule } from '../chat';
import { FilesModule } from '../files';
import { IdempotentRequestsModule } from '../idempotent-requests';
import { UsageModule } from '../usage';
import { VoiceTurnsController } from './turns/voice-turns.controller';
import { VoiceTurnsService } from './turns/voice-turns.service';
import { VoiceController } from './voice.controller';
import { VoiceService } from './voice.service';

/**
 * POST /api/voice/speak, /transcribe and /turns (a spoken chat turn, turns/); the engines run in
 * VoiceJobsModule's handlers (jobs/).
 */
@Module({
  imports: [AuthModule, ChatModule, FilesModule, IdempotentRequestsModule, UsageModule],
  controllers: [VoiceController, VoiceTurnsController],
  providers: [VoiceService, VoiceTurnsService],
})
export class VoiceModule {}
