import type { UsageWarning } from '../../usage/usage-alert.port';
import type { NotifyOutcome } from '../notification-mailer';

/** The notification e-mails' jobs, on the 'notifications' queue (docs/architecture.md#notification-e-mails). */
export const USAGE_ALERT_JOB = 'notifications.usage-alert';
export const PRO_ENDING_SCAN_JOB = 'notifications.pro-ending-scan';
export const PRODUCT_NEWS_JOB = 'notifications.product-news';

/** The usage alert job's payload is usage's warning as is (usage/usage-alert.port.ts; usage-alert.publisher.ts queues it). */
export type UsageAlertJob = UsageWarning;

export interface ProEndingScanResult {
  sent: number;
}

/** One announcement, sent to every opted-in user with an e-mail, once each (dedupe key: newsId). */
export interface ProductNewsJob {
  newsId: string;
  subject: string;
  text: string;
}

/** What one product-news run did: each outcome of NotificationMailer.notify, counted. */
export interface ProductNewsResult {
  newsId: string;
  counts: Partial<Record<NotifyOutcome, number>>;
}

declare module '../../queue/job-map' {
  interface JobMap {
    'notifications.usage-alert': { payload: UsageAlertJob; result: NotifyOutcome };
    'notifications.pro-ending-scan': { payload: Record<string, never>; result: ProEndingScanResult };
    'notifications.product-news': { payload: ProductNewsJob; result: ProductNewsResult };
  }
}
