import { Module } from '@nestjs/common';
import { CanvasModule } from './canvas/canvas.module';
import { GoogleDriveModule } from './google-drive/google-drive.module';
import { ResearchModule } from './research/research.module';
import { SearchModule } from './search/search.module';
import { UploadsModule } from './uploads/uploads.module';

/**
 * The chat enhancements under /api/enhancements (docs/architecture.md#chat-enhancements): file
 * uploads and their text, Google Drive import, web search, research and the canvas. Each is a
 * module of its own folder; their jobs are in their `jobs/` folders (worker.module.ts).
 */
@Module({
  imports: [UploadsModule, GoogleDriveModule, SearchModule, ResearchModule, CanvasModule],
})
export class EnhancementsModule {}
