import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth';
import { ChatAttachmentsRegistry, ChatModule } from '../../chat';
import { FilesModule } from '../../files';
import { CanvasAttachmentSource } from './canvas-attachment.source';
import { CanvasController } from './canvas.controller';
import { CanvasRepository } from './canvas.repository';
import { CanvasService } from './canvas.service';
import { CanvasSaveEntity } from './entities/canvas-save.entity';

/** Saved canvases (/api/enhancements/canvas) and the chat's 'canvas' attachments. */
@Module({
  imports: [AuthModule, FilesModule, ChatModule, TypeOrmModule.forFeature([CanvasSaveEntity])],
  controllers: [CanvasController],
  providers: [CanvasRepository, CanvasService, CanvasAttachmentSource],
  exports: [CanvasService],
})
export class CanvasModule implements OnModuleInit {
  constructor(
    private readonly registry: ChatAttachmentsRegistry,
    private readonly source: CanvasAttachmentSource,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.source);
  }
}
