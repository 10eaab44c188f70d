import { SetMetadata } from '@nestjs/common';
import type { JobName, JobPayload, JobResult } from './job-map';

export const ON_JOB = 'kasa:on-job';

export interface OnJobOptions<Name extends JobName = JobName> {
  name: Name;
  /** How many of these jobs one worker process runs at once (the queue takes the largest). */
  concurrency?: number;
  /**
   * How much of its usage reservation a completed job used (speech: the real seconds, reserved as
   * an estimate). Unset: all of it. The worker settles the reservation to this once per job,
   * before the job completes (docs/architecture.md#jobs).
   */
  usage?: (result: JobResult<Name>) => number;
}

/** What a handler may know of its job besides the payload. */
export interface JobContext {
  /**
   * The same on every run of this job (a retry, a re-run after a stall) and unique to it: key its
   * stored output by it (files' jobOutputFileId) so a re-run replaces that output. Absent on jobs
   * not added through QueueService.runJob.
   */
  key?: string;
}

/**
 * Marks a provider's method as the handler of a job. JobDiscovery finds it at start; workers run
 * it (in worker.ts, or in the API with WORKER_MODE=inline) with the job's payload. The provider
 * belongs to its feature's job module (`<feature>/jobs/`), which worker.module.ts imports.
 *
 *   @OnJob({ name: 'system.ping' })
 *   ping(payload: PingJobData): Promise<PingJobResult> {}
 *
 * The second argument, if the handler wants it, is the job's JobContext.
 *
 * Throw an ApiException for a failure retrying cannot fix (bad input, a refused prompt): the job
 * fails at once and the waiting request answers with that status and code.
 */
export function OnJob<Name extends JobName>(
  options: OnJobOptions<Name>,
): <Method extends (payload: JobPayload<Name>, job: JobContext) => Promise<JobResult<Name>>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<Method>,
) => void {
  return (target, key, descriptor) => {
    SetMetadata(ON_JOB, options)(target, key, descriptor);
  };
}
