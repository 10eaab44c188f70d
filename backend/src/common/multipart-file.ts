import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
import busboy from 'busboy';
import { isUUID } from 'class-validator';
import type { Request } from 'express';
import type { ErrorCode } from '@kasa/contracts';
import { ApiException } from './api-exception';
import { isSafeText } from './text-safety';
import { CONVERSATION_ID_INVALID } from './validation/conversation-id';

/** Enough of a file's start for every magic number the type checks read. */
const HEAD_BYTES = 64;

/** What a route that takes one file says, in its own words. */
export interface MultipartFileRules {
  /** The form field the file comes in ('audio', 'file'). */
  field: string;
  /** Largest file accepted, in bytes (exactly this size passes). */
  maxBytes: number;
  /** The code of a missing, empty or extra file. */
  missingCode: ErrorCode;
  /** 'Please select an audio file.' */
  required: string;
  /** What the file is called in messages: 'audio', 'file'. */
  noun: string;
  /** The 413 of a file over `maxBytes`, named when the client named it. */
  tooLarge: (name: string | undefined) => ApiException;
  /**
   * Text fields accepted besides conversationId, handed over as sent (the route validates them);
   * none by default.
   */
  textFields?: readonly string[];
  /** Largest text field, in bytes (100 by default: a UUID); a longer one is refused. */
  textFieldMaxBytes?: number;
  /**
   * The route decides about a missing or empty file itself: no file resolves with `noFile` (and
   * size 0), an empty one with size 0. By default both are refused with `missingCode`.
   */
  fileOptional?: boolean;
}

/** One file and the optional conversationId, as received. */
export interface ReceivedFile {
  /** The file, written to a temporary file as it arrived; removed once the request is answered. */
  path: string;
  /** Its first bytes, to tell its type. */
  head: Buffer;
  size: number;
  /** The name the client gave, when it is printable text (at most 255 characters). */
  originalName?: string;
  /** The part's Content-Type as the client declared it (busboy's 'text/plain' when it declared none). */
  declaredType?: string;
  conversationId?: string;
  /** The `textFields` sent, by name (untrimmed). */
  fields?: Record<string, string>;
  /** No file part came (only with `fileOptional`). */
  noFile?: boolean;
}

/**
 * Receives a multipart upload (one file and an optional conversationId) into a temporary file
 * under `dir`, hands it to `use`, and removes the file whatever happens (answered, refused,
 * failed or aborted by the client), so an upload of tens of megabytes never sits in memory.
 */
export async function withMultipartFile<T>(
  request: Request,
  dir: string,
  rules: MultipartFileRules,
  use: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.upload`);
  try {
    return await use(await receiveFile(request, path, rules));
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * Reads the body with busboy as it arrives: one file in `rules.field`, at most `rules.maxBytes`
 * (refused as soon as it passes), and an optional 'conversationId' field; anything else, or a
 * body that is not multipart, is a 4xx. The promise settles only once the temporary file is
 * closed, so its removal comes after the last write. The JSON and form body parsers leave
 * multipart alone, so the input guard sees no body here: the one text field is checked below.
 */
function receiveFile(request: Request, path: string, rules: MultipartFileRules): Promise<ReceivedFile> {
  const notMultipart = `Send the ${rules.noun} as multipart/form-data with the file in the field '${rules.field}'.`;
  const missing = (message = rules.required) =>
    new ApiException(HttpStatus.BAD_REQUEST, rules.missingCode, message);
  const invalid = (message: string) =>
    new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, [message]);

  return new Promise<ReceivedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        // Browsers send a file's name as raw UTF-8 (HTML's form encoding); busboy reads Latin-1 by default.
        defParamCharset: 'utf8',
        // busboy signals 'limit' on reaching fileSize: one byte more, so exactly maxBytes passes.
        limits: {
          files: 1,
          fields: 1 + (rules.textFields?.length ?? 0),
          fileSize: rules.maxBytes + 1,
          fieldSize: rules.textFieldMaxBytes ?? 100,
        },
      });
    } catch {
      reject(new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'UNSUPPORTED_MEDIA_TYPE', notMultipart));
      return;
    }
    const received: Omit<ReceivedFile, 'head'> = { path, size: 0 };
    let head = Buffer.alloc(0);
    let output: WriteStream | undefined;
    let written: Promise<void> = Promise.resolve();
    let failure: Error | undefined;
    let fileSeen = false;
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      request.unpipe(parser);
      request.resume(); // drain the rest so the answer reaches the client
      output?.destroy();
      void written.then(() => reject(error));
    };

    parser.on('file', (name, stream, info) => {
      // Refused already (a bad field before the file): busboy may still emit the part it had
      // buffered. Writing it would create the file after the removal ran, and leave it behind.
      if (failure) {
        stream.resume();
        return;
      }
      if (name !== rules.field) {
        stream.resume();
        return fail(missing(`Unexpected file field '${name}': ${rules.required}`));
      }
      fileSeen = true;
      const filename = info.filename?.trim();
      if (filename && isSafeText(filename)) received.originalName = filename.slice(0, 255);
      received.declaredType = info.mimeType;
      const file = createWriteStream(path);
      output = file;
      written = new Promise((closed) => file.on('close', closed));
      file.on('error', (error) => fail(error));
      stream.on('data', (chunk: Buffer) => {
        received.size += chunk.length;
        if (head.length < HEAD_BYTES)
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      });
      stream.on('limit', () => fail(rules.tooLarge(received.originalName)));
      stream.pipe(file);
    });
    parser.on('field', (name, value, info) => {
      if (rules.textFields?.includes(name)) {
        if (info.valueTruncated) return fail(invalid(`${name} is too long.`));
        received.fields = { ...received.fields, [name]: value };
        return;
      }
      if (name !== 'conversationId') return fail(invalid(`property ${name} should not exist`));
      if (info.valueTruncated || !isUUID(value.trim())) return fail(invalid(CONVERSATION_ID_INVALID));
      received.conversationId = value.trim();
    });
    parser.on('filesLimit', () => fail(missing(`Send one file only: ${rules.required}`)));
    parser.on('fieldsLimit', () =>
      fail(
        invalid(
          `Only the fields ${['conversationId', ...(rules.textFields ?? [])].join(', ')} may come with the ${rules.noun}, once each.`,
        ),
      ),
    );
    parser.on('error', () => fail(new ApiException(HttpStatus.BAD_REQUEST, 'BODY_MALFORMED', notMultipart)));
    parser.on('close', () => {
      void written.then(() => {
        if (failure) return;
        if (rules.fileOptional) return resolve({ ...received, head, ...(fileSeen ? {} : { noFile: true }) });
        if (received.size === 0) {
          const empty = received.originalName ? `The file is empty: ${received.originalName}. ` : '';
          return fail(missing(`${empty}${rules.required}`));
        }
        resolve({ ...received, head });
      });
    });
    // A client gone mid-upload: busboy never sees the end, so nothing else would settle this.
    request.on('close', () => {
      if (!request.complete)
        fail(
          new ApiException(
            HttpStatus.BAD_REQUEST,
            'BODY_MALFORMED',
            `The upload was interrupted. Please send the ${rules.noun} again.`,
          ),
        );
    });
    request.pipe(parser);
  });
}
