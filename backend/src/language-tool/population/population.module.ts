import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth';
import { PopulationController } from './population.controller';
import { PopulationService } from './population.service';
import { PopulationStoreModule } from './population-store.module';

/**
 * The dictionary import from the API: POST …/populate (admins, SSE), the automatic import at
 * start, and the loading state the other routes report. The import runs in the dictionary.import
 * job (jobs/, imported by the workers through worker.module.ts).
 */
@Module({
  imports: [AuthModule, PopulationStoreModule],
  controllers: [PopulationController],
  providers: [PopulationService],
  exports: [PopulationService, PopulationStoreModule],
})
export class PopulationModule {}
