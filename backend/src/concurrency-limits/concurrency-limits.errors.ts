/** Concurrency limits' errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../common/api-exception';
import type { ConcurrencyCap } from './concurrency-limiter';

/** 429: the account already holds `limit` slots of the cap's pool (heavy work of one kind, or open streams). */
export function tooManyConcurrent(cap: ConcurrencyCap, limit: number): ApiException {
  return new ApiException(
    HttpStatus.TOO_MANY_REQUESTS,
    'TOO_MANY_CONCURRENT_REQUESTS',
    cap.pool === 'heavy'
      ? `Too many requests at once: at most ${limit} of this kind (${cap.kind}) can run together for one account. Wait for one to finish, then try again.`
      : `Too many open streams: at most ${limit} can be open together for one account. Close one or wait for a reply to finish, then try again.`,
  );
}
