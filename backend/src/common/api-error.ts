import { STATUS_CODES } from 'node:http';
import type { Request } from 'express';
import type { ApiErrorBody } from '@kasa/contracts';

/** Builds the one JSON error body every failed request gets. */
export function apiErrorBody(
  request: Request,
  statusCode: number,
  message: string,
  details?: string[],
): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(details?.length ? { details } : {}),
    path: request.originalUrl ?? request.url,
    requestId: String(request.id ?? ''),
    timestamp: new Date().toISOString(),
  };
}
