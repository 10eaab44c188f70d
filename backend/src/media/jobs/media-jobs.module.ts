import { Module } from '@nestjs/common';
import { AiModule } from '../../ai/ai.module';
import { ClockModule } from '../../common';
import { FilesModule } from '../../files';
import { GenerateImageJobHandler } from './generate-image.job';

/**
 * The media feature's job handlers (media.generate), run by the workers (worker.module.ts). The
 * worker process has no clock of its own: FilesService signs with one.
 */
@Module({
  imports: [AiModule, ClockModule, FilesModule],
  providers: [GenerateImageJobHandler],
})
export class MediaJobsModule {}
