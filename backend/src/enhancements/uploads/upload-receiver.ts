import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
import busboy from 'busboy';
import { isUUID } from 'class-validator';
import type { Request } from 'express';
import { UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { ApiException } from '../../common/api-exception';
import { isSafeText } from '../../common/text-safety';

export const FILE_REQUIRED = 'Please select a file to upload.';
export const CONVERSATION_ID_INVALID = 'conversationId must be a conversation id (a UUID).';
export const NOT_MULTIPART = "Send the file as multipart/form-data with the file in the field 'file'.";
export const UPLOAD_INTERRUPTED = 'The upload was interrupted. Please send the file again.';
/** The name an upload without one (or with an unprintable one) is known by. */
export const UNNAMED_FILE = 'file';

/** The 413 of an upload over UPLOAD_MAX_BYTES, in the words the upload dialog shows. */
export function fileTooLarge(name: string): ApiException {
  return new ApiException(
    HttpStatus.PAYLOAD_TOO_LARGE,
    'UPLOAD_TOO_LARGE',
    `File too large: ${name}. Maximum size is ${UPLOAD_MAX_BYTES / (1024 * 1024)}MB.`,
  );
}

/** What POST /api/enhancements/upload was sent. */
export interface ReceivedUpload {
  /** The file, written to a temporary file as it arrived; removed once the request is answered. */
  path: string;
  size: number;
  originalName: string;
  conversationId?: string;
}

const missing = (message = FILE_REQUIRED) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'UPLOAD_FILE_MISSING', message);
const invalid = (message: string) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, [message]);

/**
 * Receives the upload into a temporary file under `dir`, hands it to `use`, and removes the file
 * whatever happens (answered, refused, failed or aborted by the client), so a file of up to
 * UPLOAD_MAX_BYTES never sits in memory. The same pattern as voice/audio-upload.ts, for any file.
 */
export async function withReceivedUpload<T>(
  request: Request,
  dir: string,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.upload`);
  try {
    return await use(await receiveUpload(request, path));
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * Reads the multipart body with busboy as it arrives: one file in the field 'file', at most
 * UPLOAD_MAX_BYTES (refused as soon as it passes), and an optional 'conversationId' field. The
 * promise settles only once the temporary file is closed, so its removal comes after the last
 * write. The JSON and form body parsers leave multipart alone: the one text field is checked here.
 */
function receiveUpload(request: Request, path: string): Promise<ReceivedUpload> {
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // busboy signals 'limit' on reaching fileSize: one byte more, so exactly 50 MB passes.
        limits: { files: 1, fields: 1, fileSize: UPLOAD_MAX_BYTES + 1, fieldSize: 100 },
      });
    } catch {
      reject(new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART));
      return;
    }
    const upload: ReceivedUpload = { path, size: 0, originalName: UNNAMED_FILE };
    let received = false;
    let output: WriteStream | undefined;
    let written: Promise<void> = Promise.resolve();
    let failure: Error | undefined;
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      request.unpipe(parser);
      request.resume(); // drain the rest so the answer reaches the client
      output?.destroy();
      void written.then(() => reject(error));
    };

    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return fail(missing(`Unexpected file field '${name}': ${FILE_REQUIRED}`));
      }
      received = true;
      const filename = info.filename?.trim();
      if (filename && isSafeText(filename)) upload.originalName = filename.slice(0, 255);
      const file = createWriteStream(path);
      output = file;
      written = new Promise((closed) => file.on('close', closed));
      file.on('error', (error) => fail(error));
      stream.on('data', (chunk: Buffer) => {
        upload.size += chunk.length;
      });
      stream.on('limit', () => fail(fileTooLarge(upload.originalName)));
      stream.pipe(file);
    });
    parser.on('field', (name, value, info) => {
      if (name !== 'conversationId') return fail(invalid(`property ${name} should not exist`));
      if (info.valueTruncated || !isUUID(value.trim())) return fail(invalid(CONVERSATION_ID_INVALID));
      upload.conversationId = value.trim();
    });
    parser.on('filesLimit', () => fail(missing(`Send one file only: ${FILE_REQUIRED}`)));
    parser.on('fieldsLimit', () => fail(invalid('Only the field conversationId may come with the file.')));
    parser.on('error', () => fail(new ApiException(HttpStatus.BAD_REQUEST, 'BODY_MALFORMED', NOT_MULTIPART)));
    parser.on('close', () => {
      void written.then(() => {
        if (failure) return;
        if (!received) return fail(missing());
        if (upload.size === 0)
          return fail(missing(`The file is empty: ${upload.originalName}. ${FILE_REQUIRED}`));
        resolve(upload);
      });
    });
    // A client gone mid-upload: busboy never sees the end, so nothing else would settle this.
    request.on('close', () => {
      if (!request.complete)
        fail(new ApiException(HttpStatus.BAD_REQUEST, 'BODY_MALFORMED', UPLOAD_INTERRUPTED));
    });
    request.pipe(parser);
  });
}
