import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ApiException } from '../common/api-exception';
import { queueOfJob, QueueService } from '../queue';
import { PRODUCT_NEWS_JOB, type ProductNewsJob } from './jobs/notification.job-types';
import { NotificationPreferencesRepository } from './notification-preferences.repository';

/** An administrator's announcement: counted now, mailed by the 'notifications.product-news' job. */
@Injectable()
export class ProductNewsService {
  private readonly logger = new Logger(ProductNewsService.name);

  constructor(
    private readonly preferences: NotificationPreferencesRepository,
    private readonly queue: QueueService,
  ) {}

  /**
   * Queues the news for every user who opted in and has an e-mail; answers how many that is now.
   * Each news gets its own id (the delivery key), so a retried job never mails anyone twice.
   */
  async announce(news: { subject: string; text: string }): Promise<{ ok: true; recipients: number }> {
    const recipients = await this.preferences.countWanting('productNews');
    const job: ProductNewsJob = { newsId: randomUUID(), subject: news.subject, text: news.text };
    try {
      // removeOnComplete deletes only this job's row (see QueueService.runJob on retention).
      await this.queue.queue(queueOfJob(PRODUCT_NEWS_JOB)).add(PRODUCT_NEWS_JOB, job, {
        attempts: 5,
        backoff: { type: 'exponential', delay: 30_000 },
        removeOnComplete: true,
      });
    } catch (error) {
      this.logger.error(`Queueing product news: ${error instanceof Error ? error.message : String(error)}`);
      throw new ApiException(503, 'SERVICE_UNAVAILABLE', 'The job queue is unavailable. Please try again.');
    }
    return { ok: true, recipients };
  }
}
