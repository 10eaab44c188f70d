import { Injectable } from '@nestjs/common';
import { PeriodicCleanup } from '../common/periodic-cleanup';
import { UsageRepository } from './usage.repository';

/**
 * A settlement only has to outlive every run of its job: a job is retried within minutes and a
 * failed one is never run again, so 35 days (past the end of the usage period it counted in) is
 * far more than enough, and keeps the table to about a month of charged jobs.
 */
export const JOB_USAGE_SETTLEMENT_TTL_DAYS = 35;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes job usage settlements older than JOB_USAGE_SETTLEMENT_TTL_DAYS, at start and hourly. */
@Injectable()
export class JobUsageSettlementsCleanup extends PeriodicCleanup {
  constructor(private readonly repository: UsageRepository) {
    super('JobUsageSettlements', 'old job usage settlements', CLEANUP_INTERVAL_MS);
  }

  protected deleteExpired(): Promise<number> {
    return this.repository.deleteSettlementsOlderThan(JOB_USAGE_SETTLEMENT_TTL_DAYS);
  }
}
