import { Injectable } from '@nestjs/common';
import type { SavedResearch } from '@kasa/contracts';
import { OnJob } from '../../../queue/on-job.decorator';
import { ResearchRunner } from '../research.runner';
import type { RunResearchJob } from './run-research.job-types';

/** Runs one research (ResearchRunner) for the request waiting on it. */
@Injectable()
export class RunResearchJobHandler {
  constructor(private readonly runner: ResearchRunner) {}

  @OnJob({ name: 'research.run', concurrency: 4 })
  run(job: RunResearchJob): Promise<SavedResearch> {
    return this.runner.run(job);
  }
}
