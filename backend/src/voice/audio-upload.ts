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

/** What POST /api/voice/transcribe was sent. */
export interface AudioUpload {
  audio: Buffer;
  originalName?: string;
  conversationId?: string;
}

const missing = (message = AUDIO_REQUIRED) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'VOICE_AUDIO_MISSING', message);
const invalid = (message: string) =>
  new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, [message]);

/**
 * Reads the multipart body with busboy as it arrives: one file in the field 'audio', at most
 * AUDIO_UPLOAD_MAX_BYTES (the request is refused as soon as it passes), and an optional
 * 'conversationId' field. Any other field or file, or a body that is not multipart, is a 4xx.
 * The JSON and form body parsers leave multipart alone, so the input guard sees no body here:
 * the one text field is checked below.
 */
export function readAudioUpload(request: Request): Promise<AudioUpload> {
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
    const chunks: Buffer[] = [];
    const upload: Partial<AudioUpload> = {};
    let failure: ApiException | undefined;
    let fileDone: Promise<void> = Promise.resolve();
    const fail = (error: ApiException) => {
      if (failure) return;
      failure = error;
      request.unpipe(parser);
      request.resume(); // drain the rest so the answer reaches the client
      reject(error);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== 'audio') {
        stream.resume();
        return fail(missing(`Unexpected file field '${name}': ${AUDIO_REQUIRED}`));
      }
      if (info.filename && isSafeText(info.filename)) upload.originalName = info.filename;
      fileDone = new Promise((done) => {
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () =>
          fail(new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, 'VOICE_AUDIO_TOO_LARGE', AUDIO_TOO_LARGE)),
        );
        stream.on('end', done);
        stream.on('error', done);
      });
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
      void fileDone.then(() => {
        if (failure) return;
        const audio = Buffer.concat(chunks);
        if (audio.length === 0) return fail(missing());
        resolve({ ...upload, audio });
      });
    });
    request.pipe(parser);
  });
}
