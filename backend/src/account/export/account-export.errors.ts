import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common/api-exception';

export const EXPORT_FAILED_MESSAGE = 'The export could not be built. Please try again.';
export const EXPORT_LOST_MESSAGE = 'The export stopped before it finished. Please try again.';

export const exportNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'ACCOUNT_EXPORT_NOT_FOUND', 'This export does not exist.');

export const exportExpired = () =>
  new ApiException(HttpStatus.GONE, 'ACCOUNT_EXPORT_EXPIRED', 'This export has expired. Start a new one.');

export const exportLinkInvalid = () =>
  new ApiException(HttpStatus.FORBIDDEN, 'FILES_LINK_INVALID', 'This download link is not valid.');

export const exportStarting = () =>
  new ApiException(HttpStatus.CONFLICT, 'CONFLICT', 'An export is starting. Please try again.');

export const exportNotQueued = () =>
  new ApiException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'SERVICE_UNAVAILABLE',
    'The export could not be queued. Please try again later.',
  );
