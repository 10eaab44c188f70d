import { HttpStatus } from '@nestjs/common';
import { ApiException, type RetryableAfter } from '../common';

/** '15 minutes', '45 seconds': how an answer's wait reads in its message. */
export function readableWait(seconds: number): string {
  return seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}

/** An auth rate limit's 429 (RATE_LIMITED); the global filter sends retryAfterSeconds as Retry-After. */
export class RateLimitedException extends ApiException implements RetryableAfter {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      HttpStatus.TOO_MANY_REQUESTS,
      'RATE_LIMITED',
      `Too many attempts. Please wait ${readableWait(seconds)} and try again.`,
    );
    this.retryAfterSeconds = seconds;
  }
}
