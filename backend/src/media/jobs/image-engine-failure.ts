import { HttpStatus } from '@nestjs/common';
import type { ChatModelErrorKind } from '../../ai/chat-model.port';
import type { ImageModelError } from '../../ai/images/image-model.port';
import { ApiException } from '../../common';

/**
 * The HTTP status of an image engine failure. Not 429 for a busy provider: the UI reads a 429 as
 * the user's own usage limit.
 */
const STATUS_OF_KIND: Record<ChatModelErrorKind, number> = {
  rate_limited: HttpStatus.SERVICE_UNAVAILABLE,
  unavailable: HttpStatus.BAD_GATEWAY,
  timeout: HttpStatus.GATEWAY_TIMEOUT,
  unauthorized: HttpStatus.BAD_GATEWAY,
  bad_request: HttpStatus.UNPROCESSABLE_ENTITY,
};

/**
 * An engine failure as the request's answer, with the engine's own code (AI_*). The adapter has
 * already retried what retrying can fix, so the job must not draw (and bill) again: an
 * ApiException ends it at once.
 */
export function imageEngineFailure(error: ImageModelError): ApiException {
  return new ApiException(STATUS_OF_KIND[error.kind], error.code, error.message);
}
