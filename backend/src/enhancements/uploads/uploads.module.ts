import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth';
import { ChatModule } from '../../chat';
import { FilesModule } from '../../files';
import { UsageModule } from '../../usage';
import { UploadEntity, UploadPassageEntity } from './entities/upload.entity';
import { ExtractionQueue } from './jobs/extraction-queue';
import { UploadAttachmentSource } from './upload-attachment.source';
import { UploadsController } from './uploads.controller';
import { UploadsKnowledgeSource } from './uploads-knowledge.source';
import { UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';

/**
 * File uploads (POST /api/enhancements/upload, GET and DELETE /api/enhancements/uploads): stored
 * files with their extracted text, searched as local knowledge ('uploads') and attached to chat
 * messages ('upload'). The text is read by the extraction jobs (jobs/upload-jobs.module.ts, run
 * by the workers).
 */
@Module({
  imports: [
    AuthModule,
    ChatModule,
    FilesModule,
    UsageModule,
    TypeOrmModule.forFeature([UploadEntity, UploadPassageEntity]),
  ],
  controllers: [UploadsController],
  providers: [
    UploadsRepository,
    ExtractionQueue,
    UploadsService,
    UploadsKnowledgeSource,
    UploadAttachmentSource,
  ],
  exports: [UploadsService],
})
export class UploadsModule {}
