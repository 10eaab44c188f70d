/** Sharing's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common';

export const SHARE_NOT_FOUND = 'This shared conversation does not exist or is no longer shared.';

/** 404: no such live link (unknown, malformed, revoked, or another user's for its owner's routes). */
export const shareNotFound = () => new ApiException(HttpStatus.NOT_FOUND, 'SHARE_NOT_FOUND', SHARE_NOT_FOUND);
