import { HttpException, HttpStatus } from '@nestjs/common';
import { USAGE_LIMIT_ERROR, type UsageFeature } from '@kasa/contracts';
import type { RetryableAfter } from '../common';
import { nextPeriodStart } from './usage-period';

/**
 * The usage-limit 429 (docs/product.md#usage-limit). Its body goes out exactly as built here (the
 * global filter passes bodies with `error` and no `statusCode` through, adding nothing: `code` is
 * already here). `retryAfterSeconds` is not in the body: the global filter sends it as the
 * Retry-After header.
 */
export class UsageLimitExceededException extends HttpException implements RetryableAfter {
  /** Seconds until the counters start again (the next month, UTC). */
  readonly retryAfterSeconds: number;

  constructor(
    feature: UsageFeature,
    current: number,
    limit: number,
    upgradeRequired: boolean,
    /** When the limit was hit (the usage clock's instant). */
    at: Date,
  ) {
    super(
      { error: USAGE_LIMIT_ERROR, feature, current, limit, upgradeRequired, code: 'USAGE_LIMIT_EXCEEDED' },
      HttpStatus.TOO_MANY_REQUESTS,
    );
    this.retryAfterSeconds = secondsUntilNextPeriod(at);
  }
}

/** Whole seconds from `at` to the next usage period, at least 1 (a Retry-After of 0 invites a loop). */
export function secondsUntilNextPeriod(at: Date): number {
  return Math.max(1, Math.ceil((nextPeriodStart(at).getTime() - at.getTime()) / 1000));
}
