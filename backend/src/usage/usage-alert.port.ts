import type { UsageFeature } from '@kasa/contracts';

/**
 * Where usage hands a crossed 80 % warning (docs/architecture.md#notification-e-mails). Usage only
 * detects the crossing; the notification feature provides this port (it queues the e-mail job),
 * so usage depends neither on the queue nor on notifications.
 */
export const USAGE_ALERT_PORT = Symbol('USAGE_ALERT_PORT');

/** A reservation took a meter over 80 % of its limit. */
export interface UsageWarning {
  userId: string;
  feature: UsageFeature;
  /** The counter's month, 'YYYY-MM-01' (UTC). */
  period: string;
  /** The counter right after the reservation, and the plan's limit then (voice in seconds). */
  used: number;
  limit: number;
}

export interface UsageAlertPort {
  /** Fire and forget: must never throw nor delay the request that reserved. */
  publishUsageWarning(warning: UsageWarning): void;
}
