import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ChatModule } from '../chat';
import { FilesModule } from '../files';
import { IdempotentRequestsModule } from '../idempotent-requests';
import { UsageModule } from '../usage';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';

/**
 * POST /api/media/generate. The drawing runs in the media.generate job (jobs/, imported by the
 * workers through worker.module.ts); this module only produces it.
 */
@Module({
  imports: [AuthModule, ChatModule, FilesModule, IdempotentRequestsModule, UsageModule],
  controllers: [MediaController],
  providers: [MediaService],
})
export class MediaModule {}
