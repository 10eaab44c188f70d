import { HttpStatus } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER } from '@kasa/contracts';
import { ApiException, type RetryableAfter } from '../common/api-exception';

export const IDEMPOTENCY_KEY_INVALID = `${IDEMPOTENCY_KEY_HEADER} must be a UUID.`;

export const IDEMPOTENCY_KEY_REUSED = `This ${IDEMPOTENCY_KEY_HEADER} was already used for another request.`;
export const REQUEST_IN_PROGRESS =
  'The first request with this Idempotency-Key is still running: try again later.';

/** How long the client is told to wait before asking again for a request still running. */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 5;

/** A header that is not a UUID: the validation pipe's shape, so clients read it like any bad field. */
export function idempotencyKeyInvalid(): ApiException {
  return new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', IDEMPOTENCY_KEY_INVALID, [
    IDEMPOTENCY_KEY_INVALID,
  ]);
}

export function idempotencyKeyReused(): ApiException {
  return new ApiException(HttpStatus.CONFLICT, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED);
}

/** The first request with the key did not finish within the wait: a 409 with Retry-After. */
export class RequestInProgressException extends ApiException implements RetryableAfter {
  readonly retryAfterSeconds = IN_PROGRESS_RETRY_AFTER_SECONDS;

  constructor() {
    super(HttpStatus.CONFLICT, 'REQUEST_IN_PROGRESS', REQUEST_IN_PROGRESS);
  }
}
