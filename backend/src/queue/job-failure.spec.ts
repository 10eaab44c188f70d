import { HttpException } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { ApiException } from '../common/api-exception';
import { httpFailureOf, storageFailure, unrecoverableHttpFailure } from './job-failure';
import { isFinalFailure } from './worker.service';

describe('a job failure crossing to the waiting request', () => {
  it('carries an HttpException as an unrecoverable failure text and back, status and body intact', () => {
    const thrown = new ApiException(422, 'VALIDATION_FAILED', 'Bad prompt', ['prompt is empty']);
    const failure = unrecoverableHttpFailure(thrown);
    expect(failure).toBeInstanceOf(UnrecoverableError);
    const back = httpFailureOf(failure.message);
    expect(back).toBeInstanceOf(HttpException);
    expect(back?.getStatus()).toBe(422);
    expect(back?.getResponse()).toEqual(thrown.getResponse());
  });

  it('finds none in an ordinary failure text or a damaged one', () => {
    expect(httpFailureOf('connect ECONNREFUSED')).toBeUndefined();
    expect(httpFailureOf(undefined)).toBeUndefined();
    expect(httpFailureOf('kasa-http-error:{not json')).toBeUndefined();
  });
});

describe('isFinalFailure', () => {
  it('is true once the attempts are used up or BullMQ finished the job, not before a retry', () => {
    expect(isFinalFailure({ attemptsMade: 1, opts: { attempts: 3 }, finishedOn: undefined })).toBe(false);
    expect(isFinalFailure({ attemptsMade: 3, opts: { attempts: 3 }, finishedOn: undefined })).toBe(true);
    expect(isFinalFailure({ attemptsMade: 1, opts: {}, finishedOn: undefined })).toBe(true);
    expect(isFinalFailure({ attemptsMade: 1, opts: { attempts: 3 }, finishedOn: 1_900_000_000_000 })).toBe(
      true,
    );
  });
});

describe('storageFailure', () => {
  const withCode = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

  it.each(['ENOSPC', 'EDQUOT', 'EROFS', 'EFBIG'])('makes %s a 507 STORAGE_FULL', (code) => {
    const failure = storageFailure(withCode(code));
    expect(failure?.getStatus()).toBe(507);
    expect(failure?.getResponse()).toMatchObject({ code: 'STORAGE_FULL' });
  });

  it('finds the code in a cause', () => {
    expect(storageFailure(new Error('store failed', { cause: withCode('ENOSPC') }))?.getStatus()).toBe(507);
  });

  it('leaves other errors (a busy provider, a missing file) to the retries', () => {
    expect(storageFailure(withCode('ECONNRESET'))).toBeUndefined();
    expect(storageFailure(withCode('ENOENT'))).toBeUndefined();
    expect(storageFailure('ENOSPC')).toBeUndefined();
  });
});
