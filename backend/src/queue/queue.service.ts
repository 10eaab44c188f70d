import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { QUEUE_DRIVER } from './queue.tokens';
import type { QueueDriver } from './queue-driver';

/** Producer side: one Queue (and, on demand, one QueueEvents) per queue name, closed at shutdown. */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, Promise<QueueEvents>>();

  constructor(@Inject(QUEUE_DRIVER) private readonly driver: QueueDriver) {}

  get backend() {
    return this.driver.backend;
  }

  /** The producer of a queue. Jobs added here must not use age/count retention (see run()). */
  queue<Data = unknown, Result = unknown>(name: string): Queue<Data, Result> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new this.driver.Queue(name, this.driver.options as never);
      queue.on('error', (error) => this.logger.error(`queue ${name}: ${error.message}`));
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
   * Adds one job, waits for its result (or its failure, or QueueTimeoutError) and removes it.
   *
   * No age/count retention on purpose: with it, every completion deletes other finished jobs in
   * the same transaction, and on PostgreSQL that deadlocks with BullMQ's stalled-job check, which
   * locks the finished jobs it once marked while it waits for the row being completed ("deadlock
   * detected": the job fails, health answered 503). Deleting this job by id, after its result is
   * read, locks no other row. A job still running when the wait gives up stays behind.
   */
  async run<Data, Result>(
    queueName: string,
    jobName: string,
    data: Data,
    timeoutMs: number,
  ): Promise<Result> {
    const added = await this.queue(queueName).add(jobName, data, { attempts: 1 });
    const job = added as Job<Data, Result>;
    try {
      return await this.waitForResult<Result>(job, timeoutMs);
    } finally {
      void job.remove().catch(() => undefined);
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
            else settle(() => reject(new Error(finished?.failedReason ?? 'The job failed')));
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
