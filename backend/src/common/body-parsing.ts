import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { type ErrorCode, errorCodeForStatus } from '@kasa/contracts';
import { apiErrorBody } from './api-error';
import { BODY_TOO_MANY_FIELDS } from './input-shape';

/** What body-parser (and raw-body, http-errors under it) attach to the errors it passes on. */
export interface BodyParserError extends Error {
  type?: string;
  status?: number;
  charset?: string;
  encoding?: string;
}

/** Webhooks whose signature covers the exact bytes sent: their body stays a Buffer. */
export const RAW_BODY_PATHS = ['/api/stripe/webhook'];

/**
 * JSON routes whose bodies are larger by nature, with their own limit (every other route keeps
 * BODY_LIMIT): a canvas PNG of up to 2000x1500 pixels, base64 in JSON, can pass 1 MB.
 */
export const LARGE_JSON_PATHS: Readonly<Record<string, string>> = {
  '/api/enhancements/canvas/save': '15mb',
};

export const BODY_NOT_JSON = 'The request body is not valid JSON.';

/** A header value quoted back in a message, cut short (headers can be kilobytes long). */
const quoted = (value: string | undefined) => `"${(value ?? '').slice(0, 40)}"`;

interface BodyFailure {
  status: number;
  code: ErrorCode;
  message: string;
}

/**
 * The 4xx answer to a body that could not be read, or null for any other error (a 5xx stays a
 * logged server error). body-parser marks its failures with a `type`, except a corrupt gzip /
 * deflate / br stream: a zlib error it only gives status 400.
 */
export function bodyFailure(error: BodyParserError, request: Request, limit: string): BodyFailure | null {
  const status = error.status;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  switch (error.type) {
    case 'entity.too.large':
      return {
        status: 413,
        code: 'BODY_TOO_LARGE',
        message: `The request body is too large (limit ${limit}).`,
      };
    case 'entity.parse.failed':
      return { status: 400, code: 'BODY_MALFORMED', message: BODY_NOT_JSON };
    case 'parameters.too.many':
      return { status: 400, code: 'BODY_TOO_COMPLEX', message: BODY_TOO_MANY_FIELDS };
    case 'charset.unsupported':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `The request body's charset ${quoted(error.charset)} is not supported: send UTF-8.`,
      };
    case 'encoding.unsupported':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `Content-Encoding ${quoted(error.encoding)} is not supported: send gzip, deflate, br or none.`,
      };
    case 'request.size.invalid':
      return {
        status: 400,
        code: 'BODY_MALFORMED',
        message: 'The request body does not match its Content-Length.',
      };
    case 'request.aborted':
      return { status: 400, code: 'BODY_MALFORMED', message: 'The request body was cut off before its end.' };
  }
  if (error.type)
    return { status, code: errorCodeForStatus(status), message: 'The request body could not be read.' };
  const encoding = request.headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity')
    return {
      status: 400,
      code: 'BODY_MALFORMED',
      message: `The request body could not be decompressed (Content-Encoding: ${encoding.slice(0, 40)}).`,
    };
  return null;
}

/**
 * JSON and form bodies up to BODY_LIMIT (raw bytes on RAW_BODY_PATHS). Parser failures (too large,
 * malformed JSON, wrong charset or Content-Encoding, corrupt compression) become the JSON error
 * shape here: they happen before Nest's filters can see them.
 */
export function useBodyParsing(app: INestApplication, limit: string): void {
  for (const path of RAW_BODY_PATHS) app.use(path, express.raw({ limit, type: () => true }));
  // A parsed body is not parsed again: the general parser below skips these routes' bodies.
  for (const [path, pathLimit] of Object.entries(LARGE_JSON_PATHS))
    app.use(path, express.json({ limit: pathLimit }));
  app.use(express.json({ limit }));
  app.use(express.urlencoded({ limit, extended: false }));
  app.use((error: BodyParserError, request: Request, response: Response, next: NextFunction) => {
    const failure = bodyFailure(error, request, LARGE_JSON_PATHS[request.path] ?? limit);
    if (!failure) return next(error);
    response
      .status(failure.status)
      .json(apiErrorBody(request, failure.status, failure.message, undefined, failure.code));
  });
}
