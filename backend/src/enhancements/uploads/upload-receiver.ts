import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { ApiException } from '../../common/api-exception';
import { type MultipartFileRules, type ReceivedFile, withMultipartFile } from '../../common/multipart-file';
import { UNNAMED_FILE } from './content/upload-name';

export const FILE_REQUIRED = 'Please select a file to upload.';

/** The 413 of an upload over UPLOAD_MAX_BYTES, in the words the upload dialog shows. */
export function fileTooLarge(name: string): ApiException {
  return new ApiException(
    HttpStatus.PAYLOAD_TOO_LARGE,
    'UPLOAD_TOO_LARGE',
    `File too large: ${name}. Maximum size is ${UPLOAD_MAX_BYTES / (1024 * 1024)}MB.`,
  );
}

/** What POST /api/enhancements/upload was sent: one file in the field 'file', always named. */
export interface ReceivedUpload extends ReceivedFile {
  originalName: string;
}

const UPLOAD_RULES: MultipartFileRules = {
  field: 'file',
  maxBytes: UPLOAD_MAX_BYTES,
  missingCode: 'UPLOAD_FILE_MISSING',
  required: FILE_REQUIRED,
  noun: 'file',
  tooLarge: (name) => fileTooLarge(name ?? UNNAMED_FILE),
};

/** The file streamed to a temporary file under `dir` (common/multipart-file.ts), removed after `use`. */
export function withReceivedUpload<T>(
  request: Request,
  dir: string,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  return withMultipartFile(request, dir, UPLOAD_RULES, (file) =>
    use({ ...file, originalName: file.originalName ?? UNNAMED_FILE }),
  );
}
