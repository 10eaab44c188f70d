/** Research's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import type { ChatModelError, ChatModelErrorKind } from '../../ai/chat-model.port';
import { ApiException } from '../../common/api-exception';

/** 404: no progress of this research request among the user's. */
export const researchNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'RESEARCH_NOT_FOUND', 'Research not found.');

/** 502: the research failed for a reason the user cannot act on. */
export const researchFailed = () =>
  new ApiException(HttpStatus.BAD_GATEWAY, 'RESEARCH_FAILED', 'Research failed. Please try again.');

/** 504: the model gave no summary before the deadline. */
export const aiTimeout = () =>
  new ApiException(HttpStatus.GATEWAY_TIMEOUT, 'AI_TIMEOUT', 'The AI service did not answer in time.');

const STATUS_OF_KIND: Record<ChatModelErrorKind, number> = {
  rate_limited: HttpStatus.SERVICE_UNAVAILABLE,
  unavailable: HttpStatus.BAD_GATEWAY,
  timeout: HttpStatus.GATEWAY_TIMEOUT,
  unauthorized: HttpStatus.BAD_GATEWAY,
  bad_request: HttpStatus.BAD_GATEWAY,
};

/** The summarising model's failure as the API answers it (its own code and text). */
export const summaryModelFailed = (error: ChatModelError) =>
  new ApiException(STATUS_OF_KIND[error.kind], error.code, error.message);
