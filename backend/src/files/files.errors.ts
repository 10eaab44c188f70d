import { HttpStatus } from '@nestjs/common';
import { ApiException, type RetryableAfter } from '../common';

/** Files' errors (docs/architecture.md#errors); a revoked link's is links/link-revocation.ts. */

export const fileNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'FILES_NOT_FOUND', 'File not found.');

/** 403: the signed link is past its expiry. */
export const linkExpired = () =>
  new ApiException(HttpStatus.FORBIDDEN, 'FILES_LINK_EXPIRED', 'This file link has expired.');

/** 403: the signed link is forged or malformed. */
export const linkInvalid = () =>
  new ApiException(HttpStatus.FORBIDDEN, 'FILES_LINK_INVALID', 'This file link is not valid.');

/** 416: the requested range starts past the file's `size` bytes. */
export const rangeNotSatisfiable = (size: number) =>
  new ApiException(
    HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
    'FILES_RANGE_NOT_SATISFIABLE',
    `The range starts past the end of the file (${size} bytes).`,
  );

/** 404: the conversation a file is saved into is not the owner's (chat's code and text). */
export const conversationNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'CHAT_CONVERSATION_NOT_FOUND', 'Conversation not found.');

export const NOT_SHRINKABLE = 'This file has no thumbnail: it is not an image that can be shrunk.';
export const NO_THUMBNAIL_KEPT =
  'This image has no thumbnail: an earlier attempt could not make one. Open the original instead.';

/** 422: the file has no thumbnail (its original still opens, with variant=original). */
export const noThumbnail = (message = NOT_SHRINKABLE) =>
  new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'FILES_NO_THUMBNAIL', message);

/** 503 with Retry-After: every thumbnail slot of this process stayed busy (THUMBNAIL_CONCURRENCY). */
export class ThumbnailsBusyException extends ApiException implements RetryableAfter {
  readonly retryAfterSeconds = 5;

  constructor() {
    super(
      HttpStatus.SERVICE_UNAVAILABLE,
      'FILES_THUMBNAIL_BUSY',
      'Thumbnails are busy: try again in a few seconds, or open the original.',
    );
  }
}
