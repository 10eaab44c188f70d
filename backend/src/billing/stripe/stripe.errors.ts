import { HttpStatus, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { ApiException } from '../../common';

const logger = new Logger('Stripe');

export const STRIPE_UNREACHABLE =
  'The card payment provider could not be reached. Please try again in a moment.';
export const STRIPE_BUSY = 'The card payment provider is busy. Please try again in a moment.';
export const STRIPE_REFUSED = 'The card payment provider refused the request. Please try again later.';
export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured: card payments run in the sandbox.';
export const STRIPE_SIGNATURE_INVALID =
  'The Stripe-Signature header is missing or does not match the payload.';

/** The 404 of the Stripe webhook while card payments run in the sandbox. */
export const stripeNotConfigured = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'BILLING_STRIPE_NOT_CONFIGURED', STRIPE_NOT_CONFIGURED);

/** 400: the webhook's Stripe-Signature is missing or does not sign the raw body. */
export const stripeSignatureInvalid = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'BILLING_WEBHOOK_SIGNATURE_INVALID', STRIPE_SIGNATURE_INVALID);

/** The 502 of a Stripe answer Kasa cannot use. */
export const stripeRefused = () =>
  new ApiException(HttpStatus.BAD_GATEWAY, 'BILLING_PROVIDER_REFUSED', STRIPE_REFUSED);

/**
 * Runs a Stripe call; its failures become clear 502 / 503 answers (never a 500), with Stripe's
 * own message in the log only (it can name keys and prices).
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    return rethrowStripeError(what, error);
  }
}

export function rethrowStripeError(what: string, error: unknown): never {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  logger.warn(`${what} failed: ${error.type} ${error.statusCode ?? ''} ${error.code ?? ''} ${error.message}`);
  throw toHttpException(error);
}

function toHttpException(error: Stripe.errors.StripeError): ApiException {
  if (error instanceof Stripe.errors.StripeConnectionError)
    return new ApiException(HttpStatus.BAD_GATEWAY, 'BILLING_PROVIDER_UNREACHABLE', STRIPE_UNREACHABLE);
  if (error instanceof Stripe.errors.StripeRateLimitError)
    return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'BILLING_PROVIDER_BUSY', STRIPE_BUSY);
  return stripeRefused();
}

/** Stripe refused the request as such (4xx other than auth and rate limits), e.g. the object's state forbids it. */
export function isInvalidRequest(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}
