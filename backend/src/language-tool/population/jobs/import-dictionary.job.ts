import { Injectable } from '@nestjs/common';
import { OnJob } from '../../../queue/on-job.decorator';
import { PopulationRunner } from '../population.runner';
import type { ImportDictionaryJob } from './import-dictionary.job-types';

/** Runs (or, after a worker died, resumes) one dictionary import. */
@Injectable()
export class ImportDictionaryJobHandler {
  constructor(private readonly runner: PopulationRunner) {}

  @OnJob({ name: 'dictionary.import', concurrency: 1 })
  async run(job: ImportDictionaryJob): Promise<{ ran: boolean }> {
    return { ran: await this.runner.run(job.runId) };
  }
}
