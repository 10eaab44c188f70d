import { Module } from '@nestjs/common';
import { AiModule } from '../../../ai/ai.module';
import { DictionaryStoreModule } from '../../../language-tool/dictionary/dictionary-store.module';
import { LegalModule } from '../../../legal/legal.module';
import { SearchEnginesModule } from '../../search/search-engines.module';
import { ResearchRunner } from '../research.runner';
import { ResearchStoreModule } from '../research-store.module';
import { RunResearchJobHandler } from './run-research.job';

/**
 * The research feature's job handler (research.run), run by the workers (worker.module.ts).
 * Offline research searches the local index of the process it runs in: a separate worker has the
 * legal pages (LegalModule), saved research (ResearchStoreModule) and the open dictionary
 * (DictionaryStoreModule) registered; the API process
 * (WORKER_MODE=inline) has every source.
 */
@Module({
  imports: [AiModule, LegalModule, SearchEnginesModule, ResearchStoreModule, DictionaryStoreModule],
  providers: [ResearchRunner, RunResearchJobHandler],
})
export class ResearchJobsModule {}
