/** Flutterwave webhooks' errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common';

export const FLUTTERWAVE_NOT_CONFIGURED = 'Flutterwave is not configured: mobile money runs in the sandbox.';
export const VERIF_HASH_INVALID = 'The verif-hash header is missing or wrong.';
export const WEBHOOK_WITHOUT_TRANSACTION = 'The webhook names no transaction (data.id).';
export const VERIFICATION_UNAVAILABLE =
  'The transaction could not be verified with Flutterwave; retry later.';

/** The 404 of a Flutterwave route while mobile money runs in the sandbox. */
export const flutterwaveNotConfigured = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'BILLING_FLUTTERWAVE_NOT_CONFIGURED', FLUTTERWAVE_NOT_CONFIGURED);

/** 401: the webhook's verif-hash header is not the configured secret. */
export const verifHashInvalid = () =>
  new ApiException(HttpStatus.UNAUTHORIZED, 'BILLING_WEBHOOK_HASH_INVALID', VERIF_HASH_INVALID);

/** 400: a `charge.completed` webhook without a usable transaction id. */
export const webhookWithoutTransaction = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'BILLING_WEBHOOK_INVALID', WEBHOOK_WITHOUT_TRANSACTION);

/** 502: Flutterwave could not confirm the transaction now; it retries the webhook. */
export const verificationUnavailable = () =>
  new ApiException(
    HttpStatus.BAD_GATEWAY,
    'BILLING_WEBHOOK_VERIFICATION_UNAVAILABLE',
    VERIFICATION_UNAVAILABLE,
  );
