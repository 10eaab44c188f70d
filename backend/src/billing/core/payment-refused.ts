/**
 * A payment request the user gets a `{success: false, message}` answer for, with this status:
 * 4xx when the request cannot go through as asked, 502 when the provider failed.
 */
export class PaymentRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRefused';
  }
}
