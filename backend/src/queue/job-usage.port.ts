import type { UsageFeature } from '@kasa/contracts';

/**
 * The usage a job's request reserved, as the job carries it (JSON, job-data.ts): which counter
 * (user, feature, month 'YYYY-MM-01'), how much, and the plan's limit when it was reserved
 * (negative: unlimited), which bounds how far a job that used more than its estimate may charge.
 * The shape is the wire format of jobs already queued: keep it.
 */
export interface JobReservation {
  userId: string;
  feature: UsageFeature;
  period: string;
  amount: number;
  limit?: number;
}

/**
 * A reservation a request holds while its job runs (usage's Reservation is one): runJob() carries
 * its JSON in the job and, when it gives the usage back itself, marks it given back so the
 * request's own refund does nothing more.
 */
export interface HeldJobReservation {
  readonly userId: string;
  readonly feature: UsageFeature;
  readonly amount: number;
  toJSON(): JobReservation;
  markGivenBack(): void;
}

/**
 * What the queue needs from the usage ledger, which lives above it (usage/job-usage.ledger.ts
 * implements it; the composition roots hand its module to QueueModule.forRoot).
 */
export interface JobUsageLedger {
  /**
   * Ends a job's reservation, once per job key whoever calls: keeps `used` of it (0: a refund).
   * Answers what was charged, or null when the job was settled already.
   */
  settleJob(key: string, reserved: JobReservation, used: number): Promise<number | null>;
  /** Gives a job without a key its whole reservation back (rejects on a malformed reservation). */
  refund(reserved: JobReservation): Promise<void>;
}

export const JOB_USAGE_LEDGER = Symbol('JOB_USAGE_LEDGER');
