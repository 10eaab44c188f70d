import { Injectable } from '@nestjs/common';
import { PeriodicCleanup } from '../../common/periodic-cleanup';
import { RateLimitCountersRepository } from './rate-limit-counters.repository';

/** How often ended sign-in counters are deleted. */
export const RATE_LIMIT_COUNTERS_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes sign-in counters whose window and block have both ended (auth_rate_limit_counters), at
 * start and every ten minutes. An ended row would be counted from one again anyway; this only
 * keeps the table as small as the attempts of the last windows.
 */
@Injectable()
export class RateLimitCountersCleanup extends PeriodicCleanup {
  constructor(private readonly repository: RateLimitCountersRepository) {
    super('RateLimit', 'ended sign-in counters', RATE_LIMIT_COUNTERS_CLEANUP_INTERVAL_MS);
  }

  protected deleteExpired(): Promise<number> {
    return this.repository.deleteExpired();
  }
}
