/** The job queue's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../common/api-exception';

/** 503: the job could not be added (the queue's datastore is down). */
export const queueUnavailable = () =>
  new ApiException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'SERVICE_UNAVAILABLE',
    'The job queue is unavailable. Please try again.',
  );

/** 503: a worker still runs the job when the request stops waiting. */
export const jobTimeout = (name: string) =>
  new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'JOB_TIMEOUT', `The ${name} job did not finish in time.`);

/** 503: no worker took the job in time; it was withdrawn. */
export const jobNoWorker = (name: string) =>
  new ApiException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'JOB_NO_WORKER',
    `No worker is running ${name} jobs right now.`,
  );

/** 502: the job failed after all its attempts. */
export const jobFailed = (name: string) =>
  new ApiException(HttpStatus.BAD_GATEWAY, 'JOB_FAILED', `The ${name} job failed.`);

/** 507: the job's output could not be stored for lack of room (job-failure.ts storageFailure). */
export const storageFull = () =>
  new ApiException(
    HttpStatus.INSUFFICIENT_STORAGE,
    'STORAGE_FULL',
    'The result could not be saved: storage is full. Nothing was charged; please try again later.',
  );
