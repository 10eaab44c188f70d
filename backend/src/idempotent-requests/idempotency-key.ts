import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REQUEST_TTL_HOURS,
  IDEMPOTENT_REQUEST_WAIT_SECONDS,
} from '@kasa/contracts';
import { ApiErrorResponse } from '../docs';
import { idempotencyKeyInvalid } from './idempotent-requests.errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The optional Idempotency-Key header: absent, or a UUID (any other value is a 400). Lower-cased. */
export function idempotencyKeyOf(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = typeof value === 'string' ? value.trim() : '';
  if (!UUID.test(key)) throw idempotencyKeyInvalid();
  return key.toLowerCase();
}

/**
 * The request's Idempotency-Key, checked before the handler runs: a malformed key is a 400 before
 * any upload is read, anything is charged or drawn.
 */
export const IdempotencyKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    // Node lowers header names.
    idempotencyKeyOf(
      context.switchToHttp().getRequest<Request>().headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()],
    ),
);

/** Documents the Idempotency-Key header and its two 409s on a route that takes it. */
export function ApiIdempotencyKey(what: string): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      schema: { type: 'string', format: 'uuid' },
      description: `A UUID made once per ${what} and sent again on every retry: a second request with it does nothing new and charges nothing, and answers the first one's result (links signed anew). Kept ${IDEMPOTENT_REQUEST_TTL_HOURS} h.`,
    }),
    ApiErrorResponse(
      409,
      `The Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED), or the first request with it was still running after ${IDEMPOTENT_REQUEST_WAIT_SECONDS} s (REQUEST_IN_PROGRESS, with Retry-After); nothing is charged.`,
    ),
  );
}
