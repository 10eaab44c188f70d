import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { ChatModule } from '../../chat';
import { UsageModule } from '../../usage';
import { ResearchController } from './research.controller';
import { ResearchService } from './research.service';
import { ResearchStoreModule } from './research-store.module';

/**
 * /api/enhancements/research: runs a research in the research.run job (jobs/, imported by the
 * workers through worker.module.ts), lists saved research and serves progress. Saved research is
 * local knowledge ('research' source, ResearchStoreModule).
 */
@Module({
  imports: [AuthModule, ChatModule, UsageModule, ResearchStoreModule],
  controllers: [ResearchController],
  providers: [ResearchService],
})
export class ResearchModule {}
