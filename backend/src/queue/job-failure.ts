import { HttpException } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { ApiException } from '../common/api-exception';
import { storageFull } from './queue.errors';

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

/**
 * File-system errors a retry does not fix within a job's backoff: the disk or the quota is full,
 * the file system is read-only, the file is past the file system's size limit.
 */
const STORAGE_EXHAUSTED = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EFBIG']);

/**
 * The 507 STORAGE_FULL a job answers when its output could not be stored for lack of room (the
 * error or one of its causes carries such a code), so the worker fails it at once instead of
 * calling a paid provider again for a result it cannot keep. Undefined for any other error.
 */
export function storageFailure(error: unknown): ApiException | undefined {
  let current: unknown = error;
  // Duck-typed, not instanceof Error: Node's own errors may come from another realm (a VM context).
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code && STORAGE_EXHAUSTED.has(code)) return storageFull();
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
