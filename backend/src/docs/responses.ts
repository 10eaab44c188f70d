import { applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiDefaultResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { UsageFeature } from '@kasa/contracts';
import { ApiErrorBodyDoc, UsageLimitErrorBodyDoc } from './schemas';

/**
 * Decorators that describe a route's answers in the OpenAPI document (docs/openapi.json). They
 * change nothing at run time: the guards, pipes and the global error filter do the work.
 */

/** A failure answered with the common error body (common/api-error.ts). */
export function ApiErrorResponse(status: number, description: string): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, description, type: ApiErrorBodyDoc });
}

/** Any failure not listed on the route (413 body too large, 500, ...): the common error body. */
export function ApiOtherErrors(): MethodDecorator & ClassDecorator {
  return ApiDefaultResponse({
    description: 'Any other failure (e.g. 413 body too large, 500): the common error body.',
    type: ApiErrorBodyDoc,
  });
}

/**
 * The validation pipe's 400: the body, query or path breaks a rule. One response per status:
 * a route with another 400 names it in `alsoWhen`.
 */
export function ApiValidationFailed(alsoWhen?: string): MethodDecorator & ClassDecorator {
  return ApiErrorResponse(
    400,
    'VALIDATION_FAILED: the body, query or path breaks a rule (unknown fields too); `details` lists the first problems.' +
      (alsoWhen ? ` Also 400 when ${alsoWhen}` : ''),
  );
}

/** A status answered with either body (e.g. the validation 400 and a refusal 400 of the same route). */
export function ApiEitherResponse(
  status: number,
  description: string,
  ...bodies: Array<new () => unknown>
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(...bodies),
    ApiResponse({
      status,
      description,
      schema: { oneOf: bodies.map((body) => ({ $ref: getSchemaPath(body) })) },
    }),
  );
}

/** A 200 whose body is the given schema or JSON `null` (OpenAPI 3.0 style: nullable). */
export function ApiOkOrNullResponse(body: new () => unknown, description: string): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(body),
    ApiOkResponse({ description, schema: { allOf: [{ $ref: getSchemaPath(body) }], nullable: true } }),
  );
}

/** A route behind JwtAuthGuard: a bearer token from /api/auth/register or /login, else 401. */
export function ApiSignedIn(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiBearerAuth(),
    ApiErrorResponse(401, 'No bearer token, or one that expired or was revoked (logout, password change).'),
  );
}

/** A metered route: over the monthly limit of the user's plan it answers this 429 (usage/). */
export function ApiUsageLimit(feature: UsageFeature): MethodDecorator & ClassDecorator {
  return ApiResponse({
    status: 429,
    description: `The monthly ${feature} limit of the user's plan is used up (nothing was done).`,
    type: UsageLimitErrorBodyDoc,
    headers: {
      'Retry-After': {
        description: 'Seconds until the monthly counters start again (the 1st, 00:00 UTC).',
        schema: { type: 'integer', minimum: 1 },
      },
    },
  });
}
