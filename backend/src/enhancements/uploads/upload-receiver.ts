import type { Request } from 'express';
import { UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { type MultipartFileRules, type ReceivedFile, withMultipartFile } from '../../common/multipart-file';
import { UNNAMED_FILE } from './content/upload-name';
import { FILE_REQUIRED, fileTooLarge } from './uploads.errors';

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
