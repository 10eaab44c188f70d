import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config';
import { NotificationMailer } from './notification-mailer';
import { proEndingMail } from './notification-texts';
import { proEndingKey, ProEndingRepository } from './pro-ending.repository';

/** The e-mail goes out this long before a Pro period ends without renewing. */
export const PRO_ENDING_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;
const PAGE = 200;

/**
 * Finds the Pro periods ending within PRO_ENDING_NOTICE_MS that will not renew and e-mails each
 * user once per period end. Idempotent: run it as often as you like (the job runs it hourly); a
 * period first seen later than 3 days before its end (worker down) is still announced.
 */
@Injectable()
export class ProEndingScan {
  private readonly logger = new Logger(ProEndingScan.name);

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly periods: ProEndingRepository,
    private readonly mailer: NotificationMailer,
  ) {}

  /** How many mails it sent. A failed send is logged and the rest go on; the next scan retries it. */
  async run(): Promise<number> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + PRO_ENDING_NOTICE_MS);
    let sent = 0;
    let failed = 0;
    let afterId: string | null = null;
    for (;;) {
      const page = await this.periods.endingBetween(now, until, afterId, PAGE);
      for (const period of page) {
        try {
          const outcome = await this.mailer.notify(period.userId, 'proEnding', proEndingKey(period), () =>
            proEndingMail(this.config, period),
          );
          if (outcome === 'sent') sent++;
        } catch (error) {
          failed++;
          this.logger.error(
            `Pro-ending mail for subscription ${period.subscriptionId}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      if (page.length < PAGE) break;
      afterId = page[page.length - 1].subscriptionId;
    }
    if (failed) this.logger.warn(`Pro-ending scan: ${sent} sent, ${failed} failed (next scan retries)`);
    return sent;
  }
}
