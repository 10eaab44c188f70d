import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import type { Worker } from 'bullmq';
import { QUEUE_DRIVER, RUN_WORKERS } from './queue.tokens';
import type { QueueDriver } from './queue-driver';
import { QUEUE_PROCESSORS, type QueueProcessor } from './queue-processor';

/**
 * Consumer side: one BullMQ Worker per registered processor, started only in a process that runs
 * workers (worker.ts, or the API with WORKER_MODE=inline). Shutdown waits for active jobs.
 */
@Injectable()
export class WorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerService.name);
  private workers: Worker[] = [];

  constructor(
    @Inject(QUEUE_DRIVER) private readonly driver: QueueDriver,
    @Inject(RUN_WORKERS) private readonly runWorkers: boolean,
    @Inject(QUEUE_PROCESSORS) private readonly processors: QueueProcessor[],
  ) {}

  get running(): boolean {
    return this.workers.length > 0;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runWorkers) return;
    this.workers = this.processors.map((processor) => {
      const worker = new this.driver.Worker(processor.queueName, (job) => processor.process(job), {
        ...(this.driver.options as object),
        concurrency: processor.concurrency ?? 1,
      } as never);
      worker.on('error', (error) => this.logger.error(`worker ${processor.queueName}: ${error.message}`));
      worker.on('failed', (job, error) =>
        this.logger.warn(`job ${processor.queueName}/${job?.name} ${job?.id} failed: ${error.message}`),
      );
      return worker;
    });
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
    this.logger.log(
      `Processing queues ${this.processors.map((p) => p.queueName).join(', ')} on ${this.driver.backend}`,
    );
  }

  /** Before connections close: let running jobs finish (drain), take no new ones. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.workers.map((worker) => worker.close()));
    this.workers = [];
  }
}
