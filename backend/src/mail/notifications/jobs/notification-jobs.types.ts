import type { UsageFeature } from '@kasa/contracts';
import type { NotifyOutcome } from '../notification-mailer';

/** The notification e-mails' jobs, on the 'notifications' queue (docs/architecture.md#notification-e-mails). */
export const USAGE_ALERT_JOB = 'notifications.usage-alert';
export const PRO_ENDING_SCAN_JOB = 'notifications.pro-ending-scan';
export const PRODUCT_NEWS_JOB = 'notifications.product-news';

/** A reservation took a meter over 80 % of its limit (usage/usage-alerts.ts queues it). */
export interface UsageAlertJob {
  userId: string;
  feature: UsageFeature;
  /** The counter's month, 'YYYY-MM-01' (UTC). */
  period: string;
  /** The counter right after the reservation, and the plan's limit then (voice in seconds). */
  used: number;
  limit: number;
}

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

declare module '../../../queue/job-map' {
  interface JobMap {
    'notifications.usage-alert': { payload: UsageAlertJob; result: NotifyOutcome };
    'notifications.pro-ending-scan': { payload: Record<string, never>; result: ProEndingScanResult };
    'notifications.product-news': { payload: ProductNewsJob; result: ProductNewsResult };
  }
}
