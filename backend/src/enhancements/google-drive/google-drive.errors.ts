/**
 * Google Drive import's errors (docs/architecture.md#errors); a file over the upload limit is
 * uploads' fileTooLarge.
 */
import { HttpStatus } from '@nestjs/common';
import { ApiException, NotConfiguredException } from '../../common/api-exception';

export const NOT_CONFIGURED_MESSAGE = 'Google Drive import is not available on this server.';
/** For administrators only (common/api-exception.filter.ts). */
export const NOT_CONFIGURED_CONFIGURE =
  'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (an OAuth client of type "Web application"; README.md#configuration).';
export const NOT_CONNECTED_MESSAGE = 'Connect Google Drive first.';
export const REVOKED_MESSAGE =
  'Access to your Google Drive was revoked or has expired. Connect Google Drive again.';

/** 503: no Google OAuth client is configured. */
export const notConfigured = () =>
  new NotConfiguredException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'DRIVE_NOT_CONFIGURED',
    NOT_CONFIGURED_MESSAGE,
    NOT_CONFIGURED_CONFIGURE,
  );

/** 409: the user has not connected Google Drive. */
export const notConnected = () =>
  new ApiException(HttpStatus.CONFLICT, 'DRIVE_NOT_CONNECTED', NOT_CONNECTED_MESSAGE);

/** 409: Google refused the stored tokens (revoked or expired); they were removed. */
export const revoked = () => new ApiException(HttpStatus.CONFLICT, 'DRIVE_ACCESS_REVOKED', REVOKED_MESSAGE);

/** 502: Google Drive did not answer. */
export const unreachable = () =>
  new ApiException(
    HttpStatus.BAD_GATEWAY,
    'DRIVE_UNREACHABLE',
    'Google Drive could not be reached. Please try again.',
  );

/** 413: Google will not export a document this large. */
export const exportTooLarge = () =>
  new ApiException(
    HttpStatus.PAYLOAD_TOO_LARGE,
    'UPLOAD_TOO_LARGE',
    'This Google document is too large for Google to export.',
  );

/** 415: a Google Apps type that has no export (forms, sites, …). */
export const fileUnsupported = (name: string) =>
  new ApiException(
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'DRIVE_FILE_UNSUPPORTED',
    `${name} cannot be imported: only files, Google Docs, Sheets, Slides and Drawings can.`,
  );

/** 404: no such file in the user's Drive. */
export const fileNotFound = () =>
  new ApiException(
    HttpStatus.NOT_FOUND,
    'DRIVE_FILE_NOT_FOUND',
    'This file was not found in your Google Drive.',
  );

/** 502: Google Drive answered another error (`status`, its `reason`). */
export const driveFailed = (status: number | string, reason: string | null | undefined) =>
  new ApiException(
    HttpStatus.BAD_GATEWAY,
    'DRIVE_FAILED',
    `Google Drive answered with an error (${status}${reason ? ` ${reason}` : ''}). Please try again.`,
  );
