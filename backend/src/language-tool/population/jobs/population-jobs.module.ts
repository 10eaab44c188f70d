import { Module } from '@nestjs/common';
import { PopulationStoreModule } from '../population-store.module';
import { ImportDictionaryJobHandler } from './import-dictionary.job';

/** The language tool's job handler (dictionary.import), run by the workers (worker.module.ts). */
@Module({
  imports: [PopulationStoreModule],
  providers: [ImportDictionaryJobHandler],
})
export class PopulationJobsModule {}
