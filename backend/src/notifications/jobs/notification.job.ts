import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { OnJob } from '../../queue/on-job.decorator';
import { NotificationMailer, type NotifyOutcome } from '../notification-mailer';
import { NotificationPreferencesRepository } from '../notification-preferences.repository';
import { productNewsMail, usageAlertMail } from '../notification-texts';
import { ProEndingScan } from '../pro-ending-scan';
import type {
  ProductNewsJob,
  ProductNewsResult,
  ProEndingScanResult,
  UsageAlertJob,
} from './notification.job-types';

const NEWS_PAGE = 200;

/** The notification e-mails' job handlers; every mail goes through NotificationMailer. */
@Injectable()
export class NotificationJobs {
  private readonly logger = new Logger(NotificationJobs.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: NotificationMailer,
    private readonly preferences: NotificationPreferencesRepository,
    private readonly proEnding: ProEndingScan,
  ) {}

  /** Once per user, feature and month (a second crossing after a refund finds the delivery row). */
  @OnJob({ name: 'notifications.usage-alert', concurrency: 4 })
  usageAlert(alert: UsageAlertJob): Promise<NotifyOutcome> {
    return this.mailer.notify(alert.userId, 'usageAlerts', `${alert.feature}@${alert.period}`, () =>
      usageAlertMail(this.config, alert),
    );
  }

  @OnJob({ name: 'notifications.pro-ending-scan' })
  async proEndingScan(): Promise<ProEndingScanResult> {
    return { sent: await this.proEnding.run() };
  }

  /**
   * Mails every opted-in user with an address, a page at a time. A send that fails does not stop
   * the others; the job then fails and its retry mails only those not reached (delivery rows).
   */
  @OnJob({ name: 'notifications.product-news' })
  async productNews(news: ProductNewsJob): Promise<ProductNewsResult> {
    const counts: ProductNewsResult['counts'] = {};
    let failed = 0;
    let afterId: string | null = null;
    for (;;) {
      const ids = await this.preferences.idsWanting('productNews', afterId, NEWS_PAGE);
      for (const userId of ids) {
        try {
          const outcome = await this.mailer.notify(userId, 'productNews', news.newsId, () =>
            productNewsMail(this.config, news),
          );
          counts[outcome] = (counts[outcome] ?? 0) + 1;
        } catch (error) {
          failed++;
          this.logger.error(
            `Product news ${news.newsId} to user ${userId}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      if (ids.length < NEWS_PAGE) break;
      afterId = ids[ids.length - 1];
    }
    if (failed) throw new Error(`Product news ${news.newsId}: ${failed} e-mails could not be sent`);
    return { newsId: news.newsId, counts };
  }
}
