import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const VALID_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives every request an id (kept from a proxy's X-Request-Id when sane), echoed in the response
 * header, the logs and every error body, so a user's report can be matched to a log line.
 */
export function assignRequestId(request: Request, response: Response, next: NextFunction): void {
  const given = request.headers['x-request-id'];
  const id = typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
  (request as Request & { id: string }).id = id;
  response.setHeader('X-Request-Id', id);
  next();
}
