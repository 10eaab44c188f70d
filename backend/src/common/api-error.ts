import { STATUS_CODES } from 'node:http';
import type { Request } from 'express';
import { type ApiErrorBody, type ErrorCode, errorCodeForStatus } from '@kasa/contracts';

/** At most this many validation details go out: the first problems, never a list of thousands. */
export const MAX_ERROR_DETAILS = 5;

/** Builds the one JSON error body every failed request gets. */
export function apiErrorBody(
  request: Request,
  statusCode: number,
  message: string,
  details?: string[],
  code: ErrorCode = errorCodeForStatus(statusCode),
): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(details?.length ? { details: details.slice(0, MAX_ERROR_DETAILS) } : {}),
    path: request.originalUrl ?? request.url,
    requestId: String(request.id ?? ''),
    timestamp: new Date().toISOString(),
  };
}
