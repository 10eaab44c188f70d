import { Module } from '@nestjs/common';
import { AiModule } from '../../ai/ai.module';
import { WebSearchEngines } from './web-search.engines';

/** The web search providers and the local index, shared by search (API) and research (jobs). */
@Module({
  imports: [AiModule],
  providers: [WebSearchEngines],
  exports: [WebSearchEngines],
})
export class SearchEnginesModule {}
