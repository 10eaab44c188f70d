import { ApiError } from '@kasa/api-client';

/**
 * Whether a failed request is the over-quota 429: the app-wide usage-limit handler (the API
 * client's onUsageLimit) already told the user, so a screen shows no second toast for it.
 */
export function isUsageLimit(error: unknown): boolean {
  return error instanceof ApiError && error.usageLimit !== undefined;
}
