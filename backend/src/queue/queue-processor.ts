import type { Job } from 'bullmq';

/** Multi-provider token: every job processor a feature module contributes. */
export const QUEUE_PROCESSORS = Symbol('QUEUE_PROCESSORS');

/** Handles the jobs of one queue; provided by feature modules, run only where workers run. */
export interface QueueProcessor<Data = unknown, Result = unknown> {
  readonly queueName: string;
  readonly concurrency?: number;
  process(job: Job<Data, Result>): Promise<Result>;
}
