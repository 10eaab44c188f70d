import { Injectable, Logger } from '@nestjs/common';
import { USAGE_ALERT_JOB, type UsageAlertJob } from '../mail/notifications/jobs/notification-jobs.types';
import { queueOfJob } from '../queue/job-map';
import { QueueService } from '../queue/queue.service';
import type { CounterKey } from './usage.repository';
import { crossesUsageWarning } from './usage-warning';

/**
 * The usage side of the 80 % e-mail (docs/architecture.md#notification-e-mails): every
 * reservation asks, from the numbers its UPDATE returned, whether it crossed 80 % of the limit;
 * the one that did queues a 'notifications.usage-alert' job without waiting for it. The request
 * is never delayed or failed by mail: the job (the mail module's) decides and sends.
 */
@Injectable()
export class UsageAlerts {
  private readonly logger = new Logger(UsageAlerts.name);

  constructor(private readonly queue: QueueService) {}

  /** `used`: the counter after taking `amount`; `limit`: the plan's (negative: unlimited). */
  afterReserve(key: CounterKey, amount: number, used: number, limit: number): void {
    if (!crossesUsageWarning(used - amount, used, limit)) return;
    const alert: UsageAlertJob = {
      userId: key.userId,
      feature: key.feature,
      period: key.period,
      used,
      limit,
    };
    this.queue
      .queue(queueOfJob(USAGE_ALERT_JOB))
      // removeOnComplete deletes only this job's row (see QueueService.runJob on retention).
      .add(USAGE_ALERT_JOB, alert, {
        attempts: 5,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: true,
      })
      .catch((error: unknown) =>
        this.logger.error(
          `Queueing the usage alert of user ${key.userId} (${key.feature}): ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }
}
