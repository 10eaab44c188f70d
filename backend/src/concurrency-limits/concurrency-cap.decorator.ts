import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, DECORATORS, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorBodyDoc } from '../docs';
import type { ConcurrencyCap } from './concurrency-limiter';

export const CONCURRENCY_CAP = 'kasa:concurrency-cap';

const HEAVY_429 =
  'Too many requests of this kind running at once for this account (TOO_MANY_CONCURRENT_REQUESTS, CONCURRENT_HEAVY_REQUESTS_PER_USER); nothing was done or charged.';
const STREAMS_429 =
  'Too many event streams open at once for this account (TOO_MANY_CONCURRENT_REQUESTS, CONCURRENT_STREAMS_PER_USER); nothing was done or charged.';

/**
 * A route that costs the server real work (a model call, a file read, a job waited on): one user
 * may run CONCURRENT_HEAVY_REQUESTS_PER_USER of `kind` at once. The slot is taken before the handler
 * (and before any usage is reserved) and given back when it has finished, even if the client left.
 * Needs the authentication guard (guards run before interceptors). Put it right under the route
 * decorator (@Post...): it documents its 429 beside a usage-limit 429 declared below it.
 */
export function HeavyRequest(kind: string): MethodDecorator {
  return capped({ pool: 'heavy', kind }, HEAVY_429);
}

/**
 * A route that answers a text/event-stream: one user may hold CONCURRENT_STREAMS_PER_USER of them
 * open at once, all routes together. The slot is given back when the handler has returned and the
 * response has closed (finished, or the client went away). Same placement as HeavyRequest.
 */
export function EventStream(): MethodDecorator {
  return capped({ pool: 'streams' }, STREAMS_429);
}

function capped(cap: ConcurrencyCap, description: string): MethodDecorator {
  return applyDecorators(
    SetMetadata(CONCURRENCY_CAP, cap),
    ApiExtraModels(ApiErrorBodyDoc),
    document429(description),
  );
}

interface ResponseEntry {
  description?: string;
  type?: unknown;
  schema?: unknown;
  headers?: unknown;
}

/**
 * The 429 in the OpenAPI document: the common error body, or, beside a 429 already declared (the
 * usage limit's body and Retry-After), either body.
 */
function document429(description: string): MethodDecorator {
  return (target, key, descriptor) => {
    const handler = descriptor.value as object;
    const responses = (Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) ?? {}) as Record<
      string,
      ResponseEntry
    >;
    const existing = responses['429'];
    if (!existing?.type || typeof existing.type !== 'function')
      return ApiResponse({ status: 429, description, type: ApiErrorBodyDoc })(target, key, descriptor);
    Reflect.defineMetadata(
      DECORATORS.API_RESPONSE,
      {
        ...responses,
        429: {
          description: `${existing.description ?? ''} Or: ${description}`,
          ...(existing.headers ? { headers: existing.headers } : {}),
          schema: {
            oneOf: [
              { $ref: getSchemaPath(existing.type as new () => unknown) },
              { $ref: getSchemaPath(ApiErrorBodyDoc) },
            ],
          },
        },
      },
      handler,
    );
    return descriptor;
  };
}
