import type { ErrorCode } from '@kasa/contracts';

/**
 * A payment request the user gets a `{success: false, message, code}` answer for, with this
 * status: 4xx when the request cannot go through as asked, 502 when the provider failed.
 */
export class PaymentRefused extends Error {
  constructor(
    readonly status: number,
    /** The stable code of `message` (the UI shows its text in the user's language). */
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRefused';
  }
}
