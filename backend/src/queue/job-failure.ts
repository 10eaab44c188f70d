import { HttpException } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';

/**
 * An HttpException thrown by a job handler crosses to the waiting request through the job's
 * failure text, so the request answers with the same status and body. BullMQ does not retry it
 * (UnrecoverableError): bad input stays bad.
 */
const PREFIX = 'kasa-http-error:';

export function unrecoverableHttpFailure(error: HttpException): UnrecoverableError {
  return new UnrecoverableError(
    PREFIX + JSON.stringify({ status: error.getStatus(), response: error.getResponse() }),
  );
}

/** The HttpException a failure text carries, if it carries one. */
export function httpFailureOf(failedReason: string | undefined): HttpException | undefined {
  if (!failedReason?.startsWith(PREFIX)) return undefined;
  try {
    const { status, response } = JSON.parse(failedReason.slice(PREFIX.length)) as {
      status: number;
      response: string | Record<string, unknown>;
    };
    return new HttpException(response, status);
  } catch {
    return undefined;
  }
}

/** The reason BullMQ gives a job that stalled (its worker died) more often than maxStalledCount. */
export const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

/** A job that failed for good (after its retries). */
export class JobFailedError extends Error {
  constructor(
    readonly jobName: string,
    readonly failedReason: string,
  ) {
    super(`The ${jobName} job failed: ${failedReason}`);
    this.name = 'JobFailedError';
  }
}
