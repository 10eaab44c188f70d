import { ApiError } from '@kasa/api-client';

/**
 * True when the request never got an answer (offline, DNS, connection reset): the 'Error'
 * toasts (docs/product.md#forgot-password). What a failure says is `useErrorText()` from @kasa/ui.
 */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError);
}
