/** Card subscriptions' errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common';

export const NO_CARD_SUBSCRIPTION = 'You have no active card subscription to cancel.';
export const alreadyCancelled = (end: Date) =>
  `Your subscription is already cancelled: Pro ends on ${end.toISOString().slice(0, 10)}.`;
export const providerNotConfigured = (provider: string) =>
  `This subscription was paid through ${provider}, which is not configured on this server now.`;
export const CARD_CANCELLATION_FAILED =
  'Your card subscription could not be cancelled, so your account was not deleted. Please try again in a moment.';
export const cardProviderNotConfigured = (provider: string) =>
  `Your card subscription was paid through ${provider}, which is not configured on this server now, so it cannot be cancelled and your account was not deleted. Please contact support.`;

/** 404: nothing to cancel. */
export const noCardSubscription = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'BILLING_NO_CARD_SUBSCRIPTION', NO_CARD_SUBSCRIPTION);

/** 409: cancelled already; Pro ends on `end`. */
export const subscriptionAlreadyCancelled = (end: Date) =>
  new ApiException(HttpStatus.CONFLICT, 'BILLING_ALREADY_CANCELLED', alreadyCancelled(end));

/** 503: the subscription's provider has no keys on this server now. */
export const subscriptionProviderNotConfigured = (provider: string) =>
  new ApiException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'BILLING_PROVIDER_NOT_CONFIGURED',
    providerNotConfigured(provider),
  );

/** 502: the account is not deleted because a card subscription could not be ended at the provider. */
export const cardCancellationFailed = (message = CARD_CANCELLATION_FAILED) =>
  new ApiException(HttpStatus.BAD_GATEWAY, 'ACCOUNT_DELETE_BILLING_FAILED', message);
