import { Module } from '@nestjs/common';
import { LexiconModule } from '../lexicon/lexicon.module';
import { DictionaryImportRepository } from './dictionary-import.repository';
import { ImportRunsRepository } from './import-runs.repository';
import { PopulationRunner } from './population.runner';

/** The import itself (runner, importer, runs), shared by the API, the job and the CLI. */
@Module({
  imports: [LexiconModule],
  providers: [DictionaryImportRepository, ImportRunsRepository, PopulationRunner],
  exports: [DictionaryImportRepository, ImportRunsRepository, PopulationRunner, LexiconModule],
})
export class PopulationStoreModule {}
