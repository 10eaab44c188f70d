/** The chat model choice's errors (docs/architecture.md#errors): each code's text and its exception. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common';

export const MODEL_NOT_ALLOWED = 'This model is not available on your plan. Upgrade to Pro to use it.';
export const MODEL_UNKNOWN = 'This model is not offered here any more. Pick another one.';

/** 403: the user's plan may not use the requested model (it is never silently replaced). */
export const chatModelNotAllowed = () =>
  new ApiException(HttpStatus.FORBIDDEN, 'CHAT_MODEL_NOT_ALLOWED', MODEL_NOT_ALLOWED);

/** 400: no configured model has the requested id (e.g. the operator removed it). */
export const chatModelUnknown = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'CHAT_MODEL_UNKNOWN', MODEL_UNKNOWN);
