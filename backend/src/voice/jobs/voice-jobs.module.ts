import { Module } from '@nestjs/common';
import { AiModule } from '../../ai/ai.module';
import { ClockModule } from '../../common';
import { FilesModule } from '../../files';
import { VoiceJobs } from './voice.job';

/** The voice feature's job handlers (worker.module.ts JOB_MODULES): what they need, no HTTP. */
@Module({
  imports: [AiModule, ClockModule, FilesModule],
  providers: [VoiceJobs],
})
export class VoiceJobsModule {}
