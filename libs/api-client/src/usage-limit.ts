import {
  USAGE_FEATURES,
  USAGE_LIMIT_ERROR,
  type UsageFeature,
  type UsageLimitErrorBody,
} from '@kasa/contracts';

/** A 429 carries the usage-limit body (docs/product.md#usage-limit) only when every field is there and well typed. */
export function readUsageLimitBody(value: unknown): UsageLimitErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  if (
    body.error !== USAGE_LIMIT_ERROR ||
    !USAGE_FEATURES.includes(body.feature as UsageFeature) ||
    typeof body.current !== 'number' ||
    typeof body.limit !== 'number' ||
    typeof body.upgradeRequired !== 'boolean'
  ) {
    return undefined;
  }
  return {
    error: USAGE_LIMIT_ERROR,
    feature: body.feature as UsageFeature,
    current: body.current,
    limit: body.limit,
    upgradeRequired: body.upgradeRequired,
    code: 'USAGE_LIMIT_EXCEEDED',
  };
}
