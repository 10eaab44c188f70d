import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ErrorCode } from '@kasa/contracts';
import { apiErrorBody } from './api-error';
import { BODY_TOO_DEEP, BODY_TOO_MANY_FIELDS, findShapeProblem } from './input-shape';
import { findUnsafeText, isSafeText, type UnsafeTextLocation } from './text-safety';

export const UNSAFE_TEXT_REASON =
  'contains a character that is not allowed (a NUL byte or a broken Unicode character).';
export const PATH_NOT_DECODABLE = 'The URL path has a malformed percent-encoding (%XX).';

interface InputProblem {
  status: number;
  code: ErrorCode;
  message: string;
}

const invalid = (message: string): InputProblem => ({ status: 400, code: 'VALIDATION_FAILED', message });
const unsafeText = (what: string) => invalid(`${what} ${UNSAFE_TEXT_REASON}`);

function fieldLabel(location: UnsafeTextLocation, whole: string, names: string): string {
  if (location.kind === 'name') return location.parent ? `A field name in ${location.parent}` : names;
  return location.field || whole;
}

/**
 * Route parameters are path segments: each must decode (the router would throw on '%ZZ' or an
 * overlong '%C0%80') to safe text.
 */
function pathProblem(path: string): InputProblem | null {
  if (!path.includes('%')) return null;
  for (const segment of path.split('/')) {
    if (!segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { status: 400, code: 'BAD_REQUEST', message: PATH_NOT_DECODABLE };
    }
    if (!isSafeText(decoded)) return unsafeText('The URL path');
  }
  return null;
}

function queryProblem(query: unknown): InputProblem | null {
  const location = findUnsafeText(query);
  return location && unsafeText(fieldLabel(location, 'The query string', 'A query parameter name'));
}

function bodyProblem(body: unknown): InputProblem | null {
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return null;
  const shape = findShapeProblem(body);
  if (shape?.kind === 'too-deep') return { status: 400, code: 'BODY_TOO_COMPLEX', message: BODY_TOO_DEEP };
  if (shape?.kind === 'too-many-fields')
    return { status: 400, code: 'BODY_TOO_COMPLEX', message: BODY_TOO_MANY_FIELDS };
  // The whitelist's own wording: such a key is refused like any field the DTO does not declare.
  if (shape?.kind === 'prototype-key') return invalid(`property ${shape.key} should not exist`);
  const location = findUnsafeText(body);
  return location && unsafeText(fieldLabel(location, 'The request body', 'A field name'));
}

/**
 * Every request's path, query and parsed body, before routing, guards and pipes see them: a body
 * too deep or with too many fields, a prototype key, NUL or a lone surrogate in any text is a
 * short 400 here, in bounded time. Raw bodies (Buffers, the signed webhooks) pass untouched.
 */
export function guardRequestInput(request: Request, response: Response, next: NextFunction): void {
  const problem = pathProblem(request.path) ?? queryProblem(request.query) ?? bodyProblem(request.body);
  if (!problem) return next();
  const details = problem.code === 'VALIDATION_FAILED' ? [problem.message] : undefined;
  response
    .status(problem.status)
    .json(apiErrorBody(request, problem.status, problem.message, details, problem.code));
}

/** After the body parsers (the guard reads parsed bodies), before any route. */
export function useInputGuards(app: INestApplication): void {
  app.use(guardRequestInput);
}
