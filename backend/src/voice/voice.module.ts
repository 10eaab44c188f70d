import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ChatModule } from '../chat';
import { FilesModule } from '../files';
import { IdempotentRequestsModule } from '../idempotent-requests';
import { UsageModule } from '../usage';
import { VoiceController } from './voice.controller';
import { VoiceService } from './voice.service';

/** POST /api/voice/speak and /transcribe; the engines run in VoiceJobsModule's handlers (jobs/). */
@Module({
  imports: [AuthModule, ChatModule, FilesModule, IdempotentRequestsModule, UsageModule],
  controllers: [VoiceController],
  providers: [VoiceService],
})
export class VoiceModule {}
