import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
import busboy from 'busboy';
import { isUUID } from 'class-validator';
import type { Request } from 'express';
import { AUDIO_UPLOAD_MAX_BYTES } from '@kasa/contracts';
import { ApiException } from '../common/api-exception';
import { isSafeText } from '../common/text-safety';

export const AUDIO_REQUIRED = 'Please select an audio file.';
export const AUDIO_TOO_LARGE = `An audio file can be at most ${AUDIO_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;
export const CONVERSATION_ID_INVALID = 'conversationId must be a conversation id (a UUID).';
export const NOT_MULTIPART = "Send the audio as multipart/form-data with the file in the field 'audio'.";
export const UPLOAD_INTERRUPTED = 'The upload was interrupted. Please send the audio again.';

/** Enough of the file's start for every magic number detectAudioType knows. */
const HEAD_BYTES = 64;

/** What POST /api/voice/transcribe was sent. */
export interface AudioUpload {
  /** The audio, written to a temporary file as it arrived; removed once the request is answered. */
  path: string;
  /** Its first bytes, to tell its type. */
  head: Buffer;
  size: number;
  originalName?: string;
  conversationId?: string;
}

const missing = (message = AUDIO_REQUIRED) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'VOICE_AUDIO_MISSING', message);
const invalid = (message: string) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, [message]);

/**
 * Receives the upload into a temporary file under `dir`, hands it to `use`, and removes the file
 * whatever happens (answered, refused, failed or aborted by the client), so an upload of up to
 * AUDIO_UPLOAD_MAX_BYTES never sits in memory.
 */
export async function withAudioUpload<T>(
  request: Request,
  dir: string,
  use: (upload: AudioUpload) => Promise<T>,
): Promise<T> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.upload`);
  try {
    return await use(await receiveAudioUpload(request, path));
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * Reads the multipart body with busboy as it arrives: one file in the field 'audio', at most
 * AUDIO_UPLOAD_MAX_BYTES (the request is refused as soon as it passes), and an optional
 * 'conversationId' field. Any other field or file, or a body that is not multipart, is a 4xx.
 * The file is written to `path`; the promise settles only once that file is closed, so the
 * caller's removal always comes after the last write. The JSON and form body parsers leave
 * multipart alone, so the input guard sees no body here: the one text field is checked below.
 */
function receiveAudioUpload(request: Request, path: string): Promise<AudioUpload> {
  return new Promise<AudioUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: { files: 1, fields: 1, fileSize: AUDIO_UPLOAD_MAX_BYTES, fieldSize: 100 },
      });
    } catch {
      reject(new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART));
      return;
    }
    const upload: Omit<AudioUpload, 'head'> = { path, size: 0 };
    let head = Buffer.alloc(0);
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
      if (name !== 'audio') {
        stream.resume();
        return fail(missing(`Unexpected file field '${name}': ${AUDIO_REQUIRED}`));
      }
      if (info.filename && isSafeText(info.filename)) upload.originalName = info.filename;
      const file = createWriteStream(path);
      output = file;
      written = new Promise((closed) => file.on('close', closed));
      file.on('error', (error) => fail(error));
      stream.on('data', (chunk: Buffer) => {
        upload.size += chunk.length;
        if (head.length < HEAD_BYTES)
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      });
      stream.on('limit', () =>
        fail(new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, 'VOICE_AUDIO_TOO_LARGE', AUDIO_TOO_LARGE)),
      );
      stream.pipe(file);
    });
    parser.on('field', (name, value, info) => {
      if (name !== 'conversationId') return fail(invalid(`property ${name} should not exist`));
      if (info.valueTruncated || !isUUID(value.trim())) return fail(invalid(CONVERSATION_ID_INVALID));
      upload.conversationId = value.trim();
    });
    parser.on('filesLimit', () => fail(missing(`Send one audio file only: ${AUDIO_REQUIRED}`)));
    parser.on('fieldsLimit', () => fail(invalid('Only the field conversationId may come with the audio.')));
    parser.on('error', () => fail(new ApiException(HttpStatus.BAD_REQUEST, 'BODY_MALFORMED', NOT_MULTIPART)));
    parser.on('close', () => {
      void written.then(() => {
        if (failure) return;
        if (upload.size === 0) return fail(missing());
        resolve({ ...upload, head });
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
