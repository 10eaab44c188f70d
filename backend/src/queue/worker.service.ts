import {
  type BeforeApplicationShutdown,
  HttpException,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type Job, UnrecoverableError, type Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config';
import { splitJobData } from './job-data';
import { type JobHandler, JobDiscovery } from './job-discovery';
import { storageFailure, unrecoverableHttpFailure } from './job-failure';
import { JOB_USAGE_LEDGER, type JobReservation, type JobUsageLedger } from './job-usage.port';
import { QUEUE_DRIVER, RUN_WORKERS } from './queue.tokens';
import type { QueueDriver } from './queue-driver';

/**
 * Consumer side: one BullMQ Worker per queue that has @OnJob handlers, started only in a process
 * that runs workers (worker.ts, or the API with WORKER_MODE=inline). A worker that dies mid-job
 * stops renewing its lock; after `lockDurationMs` another worker's stalled check gives the job
 * back to the queue and it runs again. Shutdown waits for active jobs.
 */
@Injectable()
export class WorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerService.name);
  private workers: Worker[] = [];

  constructor(
    @Inject(QUEUE_DRIVER) private readonly driver: QueueDriver,
    @Inject(RUN_WORKERS) private readonly runWorkers: boolean,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: JobDiscovery,
    @Inject(JOB_USAGE_LEDGER) private readonly usage: JobUsageLedger,
  ) {}

  get running(): boolean {
    return this.workers.length > 0;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runWorkers) return;
    const byQueue = new Map<string, JobHandler[]>();
    for (const handler of this.discovery.handlers().values())
      byQueue.set(handler.queue, [...(byQueue.get(handler.queue) ?? []), handler]);
    this.workers = [...byQueue].map(([queue, handlers]) => this.startWorker(queue, handlers));
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
    this.logger.log(`Processing queues ${[...byQueue.keys()].join(', ')} on ${this.driver.backend}`);
  }

  /** Before connections close: let running jobs finish (drain), take no new ones. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.workers.map((worker) => worker.close()));
    this.workers = [];
  }

  private startWorker(queue: string, handlers: JobHandler[]): Worker {
    const byName = new Map(handlers.map((handler) => [handler.name, handler]));
    const { lockDurationMs, stalledIntervalMs, maxStalledCount } = this.config.jobs;
    const worker = new this.driver.Worker(queue, (job: Job) => this.process(job, byName.get(job.name)), {
      ...(this.driver.options as object),
      concurrency: Math.max(...handlers.map((handler) => handler.concurrency)),
      lockDuration: lockDurationMs,
      stalledInterval: stalledIntervalMs,
      maxStalledCount,
    } as never);
    worker.on('error', (error) => this.logger.error(`worker ${queue}: ${error.message}`));
    worker.on('failed', (job, error) => {
      if (!job) return;
      this.logger.warn(`job ${job.name} ${job.id} failed (attempt ${job.attemptsMade}): ${error.message}`);
      if (isFinalFailure(job)) void this.refund(job);
    });
    return worker;
  }

  /**
   * Runs the handler. A job that carries a reservation and a key (QueueService.runJob) settles it
   * here, before it completes: to what the result used (OnJobOptions.usage), once per job key, so
   * the charge is right whether or not a request is still waiting for the result, and a re-run
   * charges nothing more. A settlement that cannot be stored fails this attempt (it is retried):
   * completing without it would leave the estimate charged.
   */
  private async process(job: Job, handler: JobHandler | undefined): Promise<unknown> {
    if (!handler) throw new UnrecoverableError(`No handler for job '${job.name}' in this worker`);
    const { payload, reserved, key } = splitJobData(job.data);
    let result: unknown;
    try {
      result = await handler.run(payload, { key });
    } catch (error) {
      if (error instanceof HttpException) throw unrecoverableHttpFailure(error);
      const full = storageFailure(error);
      if (full) {
        this.logger.error(
          `job ${job.name} ${job.id}: storage is full, not retried: ${(error as Error).message}`,
        );
        throw unrecoverableHttpFailure(full);
      }
      throw error;
    }
    if (reserved && key) await this.settle(job, key, reserved, handler.usage?.(result) ?? reserved.amount);
    return result;
  }

  private async settle(job: Job, key: string, reserved: JobReservation, used: number): Promise<void> {
    const charged = await this.usage.settleJob(key, reserved, used);
    if (charged !== null && charged < used)
      this.logger.warn(
        `job ${job.name} ${job.id}: user ${reserved.userId} passed the ${reserved.feature} limit by ${used - charged} (not counted).`,
      );
  }

  /**
   * The job failed for good: give its usage back. Exactly once: a job with a key settles through
   * its settlement row (nothing, if it was settled already); one without relies on BullMQ failing
   * a job for good in one worker only, which alone emits this 'failed'. A refund that cannot be
   * stored is logged, like UsageService's.
   */
  private async refund(job: Job): Promise<void> {
    const { reserved, key } = splitJobData(job.data);
    if (!reserved) return;
    try {
      if (key) await this.usage.settleJob(key, reserved, 0);
      else await this.usage.refund(reserved);
    } catch (error) {
      this.logger.error(
        `job ${job.name} ${job.id}: its usage could not be refunded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** No retry follows: its attempts are used up, or BullMQ finished it (an unrecoverable error). */
export function isFinalFailure(job: Pick<Job, 'attemptsMade' | 'opts' | 'finishedOn'>): boolean {
  return job.attemptsMade >= (job.opts.attempts ?? 1) || (job.finishedOn ?? 0) > 0;
}
