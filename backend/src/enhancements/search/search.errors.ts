/** Web search's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common/api-exception';

/** 502: every configured provider failed (`failures`: each one's engine and reason). */
export const providersFailed = (failures: readonly string[]) =>
  new ApiException(
    HttpStatus.BAD_GATEWAY,
    'SEARCH_PROVIDERS_FAILED',
    `Search failed: no search provider answered (${failures.join(', ')}).`,
  );
