import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../../../common';
import { FilesModule } from '../../../files';
import { UploadEntity, UploadPassageEntity } from '../entities/upload.entity';
import { UploadsRepository } from '../uploads.repository';
import { ExtractUploadJobHandler } from './extract-upload.job';
import { ExtractionQueue } from './extraction-queue';
import { ExtractionTempFiles } from './extraction-temp-files';

/**
 * The uploads' job handlers (the three extraction queues of extract-upload.job-types.ts), run by
 * the workers (worker.module.ts). The worker process has no clock of its own: FilesService needs
 * one. QueueService and WorkerThreadsService come from their global modules.
 */
@Module({
  imports: [ClockModule, FilesModule, TypeOrmModule.forFeature([UploadEntity, UploadPassageEntity])],
  providers: [UploadsRepository, ExtractionQueue, ExtractUploadJobHandler, ExtractionTempFiles],
})
export class UploadJobsModule {}
