import { Injectable, Logger } from '@nestjs/common';
import { queueOfJob } from '../queue/job-map';
import { QueueService } from '../queue/queue.service';
import type { UsageAlertPort, UsageWarning } from '../usage/usage-alert.port';
import { USAGE_ALERT_JOB } from './jobs/notification.job-types';

/**
 * The notification side of usage's 80 % warning (usage/usage-alert.port.ts): queues a
 * 'notifications.usage-alert' job without waiting for it; NotificationJobs decides and sends.
 */
@Injectable()
export class UsageAlertPublisher implements UsageAlertPort {
  // The log context usage's alerts have always used, so operators' log searches still match.
  private readonly logger = new Logger('UsageAlerts');

  constructor(private readonly queue: QueueService) {}

  publishUsageWarning(warning: UsageWarning): void {
    this.queue
      .queue(queueOfJob(USAGE_ALERT_JOB))
      // removeOnComplete deletes only this job's row (see QueueService.runJob on retention).
      .add(USAGE_ALERT_JOB, warning, {
        attempts: 5,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: true,
      })
      .catch((error: unknown) =>
        this.logger.error(
          `Queueing the usage alert of user ${warning.userId} (${warning.feature}): ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }
}
