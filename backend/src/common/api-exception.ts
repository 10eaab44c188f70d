import { HttpException } from '@nestjs/common';
import type { ErrorCode } from '@kasa/contracts';

/** What a coded exception answers with; the filter adds status, path, request id and time. */
export interface CodedErrorResponse {
  code: ErrorCode;
  message: string;
  details?: string[];
}

export function isCodedErrorResponse(value: unknown): value is CodedErrorResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CodedErrorResponse).code === 'string' &&
    typeof (value as CodedErrorResponse).message === 'string' &&
    !('error' in value)
  );
}

/**
 * An HTTP failure with a stable code (libs/contracts ERROR_CODES) and an English message. Throw it
 * instead of Nest's bare exceptions so the UI can show the code's text in the user's language.
 */
export class ApiException extends HttpException {
  constructor(status: number, code: ErrorCode, message: string, details?: string[]) {
    super({ code, message, ...(details?.length ? { details } : {}) } satisfies CodedErrorResponse, status);
  }
}

/**
 * A feature this server cannot run until its operator configures it (a `*_NOT_CONFIGURED` code).
 * `message` tells the user it is not available on this server, never naming a variable;
 * `configure` says what to set, and ApiExceptionFilter sends it only to administrators
 * (docs/product.md#features-this-server-cannot-run).
 */
export class NotConfiguredException extends ApiException {
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    readonly configure: string,
  ) {
    super(status, code, message);
  }
}

/**
 * A failure that can be retried after a known wait (rate limits, usage limits): the global filter
 * sends `retryAfterSeconds` as the Retry-After header, wherever the exception was thrown (guards
 * included, which interceptors never see).
 */
export interface RetryableAfter {
  readonly retryAfterSeconds: number;
}

export function retryAfterSecondsOf(exception: unknown): number | undefined {
  const seconds = (exception as Partial<RetryableAfter> | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}
