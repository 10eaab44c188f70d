import { Module } from '@nestjs/common';
import { AiModule } from '../../ai/ai.module';
import { ResearchKnowledgeSource } from './research-knowledge.source';
import { ResearchRepository } from './research.repository';

/**
 * Saved research and research progress, and the 'research' knowledge source. One module shared
 * by the API (ResearchModule) and the jobs (ResearchJobsModule), so the source is one instance
 * and registers once when both run in one process (WORKER_MODE=inline).
 */
@Module({
  imports: [AiModule],
  providers: [ResearchRepository, ResearchKnowledgeSource],
  exports: [ResearchRepository],
})
export class ResearchStoreModule {}
