import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { queueOfJob, QueueService } from '../../queue';
import { PRO_ENDING_SCAN_JOB } from './notification.job-types';

/** The scheduler's id: one per queue namespace, so every worker upserts the same one. */
export const PRO_ENDING_SCHEDULER_ID = 'notifications-pro-ending-scan';
export const PRO_ENDING_SCAN_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the Pro-ending scan every hour through BullMQ's job scheduler, which both queue backends
 * (Redis and PostgreSQL) implement: each worker process upserts the same scheduler at start, and
 * BullMQ makes one job per interval whatever the number of workers. A failed scan stays for
 * inspection (no count retention: see QueueService.runJob); the next hour's runs anyway.
 */
@Injectable()
export class ProEndingSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProEndingSchedule.name);

  constructor(private readonly queue: QueueService) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.queue
        .queue(queueOfJob(PRO_ENDING_SCAN_JOB))
        .upsertJobScheduler(
          PRO_ENDING_SCHEDULER_ID,
          { every: PRO_ENDING_SCAN_EVERY_MS },
          { name: PRO_ENDING_SCAN_JOB, data: {}, opts: { removeOnComplete: true } },
        );
    } catch (error) {
      // Mail reminders must never keep a worker from starting: the next start tries again.
      this.logger.error(
        `Scheduling the Pro-ending scan failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
