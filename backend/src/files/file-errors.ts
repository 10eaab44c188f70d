import { HttpStatus } from '@nestjs/common';
import { ApiException, type RetryableAfter } from '../common';

export const fileNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'FILES_NOT_FOUND', 'File not found.');

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
