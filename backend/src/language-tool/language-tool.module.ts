import { Module } from '@nestjs/common';
import { DictionaryModule } from './dictionary/dictionary.module';
import { LanguagesModule } from './languages/languages.module';
import { AnalysisModule } from './analysis/analysis.module';
import { PopulationModule } from './population/population.module';
import { TranslationModule } from './translation/translation.module';

/**
 * The language tool under /api/enhancements/language-tool (docs/architecture.md#language-tool):
 * the open dictionary (data/lexicon, CC BY 4.0) in PostgreSQL, its import, the language list,
 * translate, define and analyze. Each part is a module of its own folder.
 */
@Module({
  imports: [PopulationModule, LanguagesModule, DictionaryModule, TranslationModule, AnalysisModule],
})
export class LanguageToolModule {}
