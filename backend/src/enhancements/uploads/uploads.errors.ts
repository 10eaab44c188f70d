/** Uploads' errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { ApiException } from '../../common/api-exception';

export const FILE_REQUIRED = 'Please select a file to upload.';

/** 404: no such upload among the user's. */
export const uploadNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'UPLOAD_NOT_FOUND', 'Upload not found.');

/** 415: neither the bytes nor the name make the file one of the allowed types. */
export const typeNotAllowed = (name: string) =>
  new ApiException(
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'UPLOAD_TYPE_NOT_ALLOWED',
    `Invalid file type: ${name}. Only images, PDFs, Word docs, and text files are allowed.`,
  );

/** 413: a file over UPLOAD_MAX_BYTES, in the words the upload dialog shows (Google Drive's too). */
export const fileTooLarge = (name: string) =>
  new ApiException(
    HttpStatus.PAYLOAD_TOO_LARGE,
    'UPLOAD_TOO_LARGE',
    `File too large: ${name}. Maximum size is ${UPLOAD_MAX_BYTES / (1024 * 1024)}MB.`,
  );

/** 503: every thread that checks files stayed busy. */
export const checksBusy = () =>
  new ApiException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'SERVICE_UNAVAILABLE',
    'The server is busy checking other files. Please try again in a moment.',
  );
