import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import pino, { type Level, type Logger, type LoggerOptions } from 'pino';
import { isApiRequest } from './api-path';

/**
 * How a request and its answer appear in a log line: the request with its id and headers, minus
 * credentials; of the answer only the status (its headers are the same on every line).
 */
export const REQUEST_LOG_OPTIONS = {
  serializers: {
    req: pino.stdSerializers.req,
    res: (response: ServerResponse) => ({ statusCode: response.statusCode }),
  },
  redact: ['req.headers.authorization', 'req.headers.cookie'],
} satisfies LoggerOptions;

/** An API call taking longer than this is logged at warn, so a quiet (warn) log still shows it. */
export const SLOW_REQUEST_MS = 1000;

/**
 * The level an API call's line is logged at: a 5xx is ours (error), slowness is worth a look
 * (warn). A 503 is a part known to be unavailable (PostgreSQL, the queue, an engine), which its
 * cause has logged once (docs/operations.md#postgresql-or-redis-unavailable): an error line per
 * request of an outage would bury it, so its lines are warnings.
 */
export function requestLogLevel(statusCode: number, elapsedMs: number, streamed: boolean): Level {
  if (statusCode === 503) return 'warn';
  if (statusCode >= 500) return 'error';
  // An event stream lasts as long as the reply is being written: its length says nothing.
  if (elapsedMs >= SLOW_REQUEST_MS && !streamed) return 'warn';
  return 'info';
}

function isEventStream(response: ServerResponse): boolean {
  return String(response.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

/**
 * One log line per API call once it ends (status, time, the request id, headers without
 * credentials). The line is built only when the logger's level lets it through: at warn, an
 * ordinary 200 costs one 'close' listener and a clock read, nothing is serialised.
 * Static files and client-side routes are not logged (many and boring).
 */
export function requestLogging(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!isApiRequest(request)) return next();
    const startedAt = performance.now();
    response.once('close', () => logRequest(logger, request, response, performance.now() - startedAt));
    next();
  };
}

function logRequest(
  logger: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  elapsedMs: number,
): void {
  // 'close' without 'finish': the client went away before the answer was complete.
  const completed = response.writableFinished;
  const level = requestLogLevel(response.statusCode, elapsedMs, isEventStream(response));
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    { req: request, res: response, responseTime: Math.round(elapsedMs) },
    level === 'error' ? 'request errored' : completed ? 'request completed' : 'request aborted',
  );
}
