import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { jobData, splitJobData } from './job-data';
import { httpFailureOf, JobFailedError, STALLED_TOO_OFTEN } from './job-failure';
import { type JobName, type JobPayload, type JobResult, queueOfJob } from './job-map';
import {
  type HeldJobReservation,
  JOB_USAGE_LEDGER,
  type JobReservation,
  type JobUsageLedger,
} from './job-usage.port';
import { jobFailed, jobNoWorker, jobTimeout, queueUnavailable } from './queue.errors';
import { QUEUE_DRIVER } from './queue.tokens';
import type { QueueDriver } from './queue-driver';

/** Tries per job when runJob's caller says nothing (a crash mid-job is a stall, not a try). */
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 500;

export interface RunJobOptions {
  /** How long the request waits for the result. */
  timeoutMs: number;
  /** Usage taken for this work: refunded once if the job finally fails or no worker takes it. */
  reservation?: HeldJobReservation;
  attempts?: number;
  /** First retry delay; it doubles on each retry. */
  backoffMs?: number;
  /**
   * The job's id, chosen by the caller so it can record it before the job exists (an idempotent
   * request's successor then finds the job: resumeJob()). Unique per job.
   */
  jobId?: string;
  /**
   * Called with the result before the job is removed: the caller records it where a successor
   * finds it. If it throws, the job is kept (its result stays readable) and the error goes on.
   */
  onResult?: (result: unknown) => Promise<void>;
}

/** What resumeJob() needs: the wait, and where the result is recorded before the job goes. */
export type ResumeJobOptions = Pick<RunJobOptions, 'timeoutMs' | 'onResult'>;

/** Producer side: one Queue (and, on demand, one QueueEvents) per queue name, closed at shutdown. */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, Promise<QueueEvents>>();

  constructor(
    @Inject(QUEUE_DRIVER) private readonly driver: QueueDriver,
    @Inject(JOB_USAGE_LEDGER) private readonly usage: JobUsageLedger,
  ) {}

  get backend() {
    return this.driver.backend;
  }

  /** The producer of a queue. Jobs added here must not use age/count retention (see runJob()). */
  queue<Data = unknown, Result = unknown>(name: string): Queue<Data, Result> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new this.driver.Queue(name, this.driver.options as never);
      queue.on('error', (error) => this.logger.error(`queue ${name}: ${error.message}`));
      // Every request waiting on its job adds a 'closing' listener here until the job ends: tens
      // of concurrent speak or image requests are normal, not a leak.
      queue.setMaxListeners(0);
      this.queues.set(name, queue);
    }
    return queue as unknown as Queue<Data, Result>;
  }

  /** Completion events of a queue (what Job.waitUntilFinished listens to). */
  queueEvents(name: string): Promise<QueueEvents> {
    let events = this.events.get(name);
    if (!events) {
      const created = new this.driver.QueueEvents(name, this.driver.options as never);
      created.on('error', (error) => this.logger.error(`queue events ${name}: ${error.message}`));
      events = created.waitUntilReady().then(() => created);
      events.catch(() => this.events.delete(name));
      this.events.set(name, events);
    }
    return events;
  }

  /**
   * The synchronous pattern of an HTTP request whose work runs in a worker: adds the job (with
   * the request's usage reservation, if any), waits for its result and removes it.
   *
   * - It completed: its result. The worker settled the reservation before completing it (to
   *   what the job used, once per job key), whether or not anyone still waits for the result.
   * - The handler threw an HttpException (ApiException): the same exception, at once (no retry).
   *   A storage error (disk full) is one: 507 STORAGE_FULL (job-failure.ts storageFailure).
   * - It failed after all its attempts: 502 JOB_FAILED. The worker refunded the reservation.
   * - No worker took it within `timeoutMs`: the job is withdrawn, the reservation refunded, 503
   *   JOB_NO_WORKER. A worker still running it then: 503 JOB_TIMEOUT, and the job's own outcome
   *   settles the reservation (settled by the worker if it completes, refunded if it fails).
   *
   * No age/count retention on purpose: with it, every completion deletes other finished jobs in
   * the same transaction, and on PostgreSQL that deadlocks with BullMQ's stalled-job check, which
   * locks the finished jobs it once marked while it waits for the row being completed ("deadlock
   * detected": the job fails, health answered 503). Deleting this job by id, after its result is
   * read, locks no other row. A failed job stays for inspection.
   */
  async runJob<Name extends JobName>(
    name: Name,
    payload: JobPayload<Name>,
    options: RunJobOptions,
  ): Promise<JobResult<Name>> {
    const { reservation } = options;
    // The job's key: its settlement and its stored output are keyed by it (job-data.ts).
    const key = randomUUID();
    const refund = () => {
      if (!reservation) return Promise.resolve();
      reservation.markGivenBack();
      return this.refundJob(name, key, reservation.toJSON());
    };
    let job: Job<object, JobResult<Name>>;
    try {
      job = await this.queue<object, JobResult<Name>>(queueOfJob(name)).add(
        name,
        jobData(payload as object, reservation?.toJSON(), key),
        {
          attempts: options.attempts ?? DEFAULT_ATTEMPTS,
          backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
          ...(options.jobId ? { jobId: options.jobId } : {}),
        },
      );
    } catch (error) {
      // Through the job's settlement: an add that failed late may still have queued the job.
      await refund();
      this.logger.error(
        `Adding a ${name} job failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw queueUnavailable();
    }
    try {
      const result = await this.waitForResult(job, options.timeoutMs);
      await options.onResult?.(result);
      void job.remove().catch(() => undefined);
      return result;
    } catch (error) {
      if (error instanceof QueueTimeoutError) {
        if (!(await this.withdraw(job))) throw jobTimeout(name);
        await refund();
        throw jobNoWorker(name);
      }
      if (!(error instanceof JobFailedError)) throw error;
      const httpFailure = httpFailureOf(error.failedReason);
      if (httpFailure) throw httpFailure;
      // A job given up for stalling too often failed in no worker's hands: no worker refunded it.
      // (Nothing, if a worker settled it before it stalled: the settlement is once per job.)
      if (error.failedReason === STALLED_TOO_OFTEN) await refund();
      this.logger.warn(error.message);
      throw jobFailed(name);
    }
  }

  /**
   * Waits for a job added earlier by another request (one whose API instance died), by the id it
   * recorded: its result (recorded through `onResult`, then the job removed) if it completed or
   * completes within `timeoutMs`; undefined when it is gone or failed (a failed job's reservation
   * went back in the worker), so the caller runs the work again. Still running after the wait:
   * 503 JOB_TIMEOUT, as in runJob().
   */
  async resumeJob<Name extends JobName>(
    name: Name,
    jobId: string,
    options: ResumeJobOptions,
  ): Promise<JobResult<Name> | undefined> {
    const job = (await this.queue<object, JobResult<Name>>(queueOfJob(name)).getJob(jobId)) as
      Job<object, JobResult<Name>> | undefined;
    if (!job) return undefined;
    let result: JobResult<Name>;
    try {
      result = await this.waitForResult(job, options.timeoutMs);
    } catch (error) {
      if (error instanceof QueueTimeoutError) throw jobTimeout(name);
      if (!(error instanceof JobFailedError)) throw error;
      // Given up for stalling, it failed in no worker's hands: its reservation goes back here,
      // through its settlement (once per job key), as in runJob().
      const { reserved, key } = splitJobData(job.data);
      if (error.failedReason === STALLED_TOO_OFTEN && reserved && key)
        await this.refundJob(name, key, reserved);
      return undefined;
    }
    await options.onResult?.(result);
    void job.remove().catch(() => undefined);
    return result;
  }

  /**
   * Gives a job's reservation back through its settlement (JobUsageLedger.settleJob), so that a
   * worker's settlement of the same job and this refund never both count. Never rejects.
   */
  private async refundJob(name: string, key: string, reservation: JobReservation): Promise<void> {
    try {
      await this.usage.settleJob(key, reservation, 0);
    } catch (error) {
      this.logger.error(
        `Refunding the ${name} job's ${reservation.amount} ${reservation.feature} to user ${reservation.userId} failed: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }

  /** Removes a job no worker holds; false when a worker is running it (BullMQ refuses a locked job). */
  private async withdraw(job: Job): Promise<boolean> {
    try {
      await job.remove();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Resolves with a job's result once a worker has processed it, or rejects with its failure or
   * QueueTimeoutError. Listens for the completion event and also polls the job's state: BullMQ's
   * PostgreSQL backend occasionally misses a finish notification under concurrency.
   */
  async waitForResult<Result>(job: Job<unknown, Result>, timeoutMs: number): Promise<Result> {
    const events = await this.queueEvents(job.queueName);
    const queue = this.queue<unknown, Result>(job.queueName);
    const jobId = job.id!;
    return new Promise<Result>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(pollTimer);
        outcome();
      };
      const timer = setTimeout(
        () => settle(() => reject(new QueueTimeoutError(job.queueName, timeoutMs))),
        timeoutMs,
      );
      job.waitUntilFinished(events, timeoutMs).then(
        (result: Result) => settle(() => resolve(result)),
        () => undefined, // the poll or the timer decides
      );
      let pollTimer: NodeJS.Timeout;
      const poll = async () => {
        try {
          const state = await queue.getJobState(jobId);
          if (state === 'completed' || state === 'failed') {
            const finished = await queue.getJob(jobId);
            if (state === 'completed') settle(() => resolve(finished?.returnvalue as Result));
            else
              settle(() => reject(new JobFailedError(job.name, finished?.failedReason ?? 'unknown reason')));
          }
        } catch {
          // transient datastore error: try again on the next tick
        }
        if (!settled) pollTimer = setTimeout(() => void poll(), 100);
      };
      pollTimer = setTimeout(() => void poll(), 100);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const events = await Promise.allSettled([...this.events.values()]);
    await Promise.allSettled([
      ...events.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)),
      ...[...this.queues.values()].map((queue) => queue.close()),
    ]);
    this.queues.clear();
    this.events.clear();
  }
}

export class QueueTimeoutError extends Error {
  constructor(
    readonly queueName: string,
    readonly timeoutMs: number,
  ) {
    super(`No worker finished the ${queueName} job within ${timeoutMs} ms`);
    this.name = 'QueueTimeoutError';
  }
}
