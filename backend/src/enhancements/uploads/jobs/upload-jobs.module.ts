import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../../../common';
import { FilesModule } from '../../../files';
import { UploadEntity, UploadPassageEntity } from '../entities/upload.entity';
import { UploadsRepository } from '../uploads.repository';
import { ExtractUploadJobHandler } from './extract-upload.job';

/**
 * The uploads' job handler (uploads.extract), run by the workers (worker.module.ts). The worker
 * process has no clock of its own: FilesService needs one.
 */
@Module({
  imports: [ClockModule, FilesModule, TypeOrmModule.forFeature([UploadEntity, UploadPassageEntity])],
  providers: [UploadsRepository, ExtractUploadJobHandler],
})
export class UploadJobsModule {}
