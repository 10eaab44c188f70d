/** Auth's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../common/api-exception';

export const NOT_SIGNED_IN = 'You are not signed in. Please sign in to continue.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const ADMIN_ONLY = 'Only an administrator can do this.';
export const INVALID_CREDENTIALS =
  'Invalid username or password. Please check your credentials and try again.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const USERNAME_NOT_FOUND = 'The username you entered was not found.';
export const NO_EMAIL_ON_ACCOUNT =
  'This account has no e-mail address, so we cannot send a reset code. Sign in and add an e-mail on the Account page, or contact support.';
export const CODE_EXPIRED = 'This reset code has expired or was already used. Please request a new code.';
export const CODE_LOCKED = 'Too many wrong codes. Please request a new code.';
export const CODE_WRONG = 'The reset code is not correct.';
export const TWO_FACTOR_PROMPT =
  'Enter the 6-digit code from your authenticator app, or one of your backup codes.';
export const TWO_FACTOR_CHALLENGE_EXPIRED =
  'This sign-in took too long or is no longer valid. Please enter your username and password again.';
export const TWO_FACTOR_CODE_WRONG = 'That code is not correct, or it was already used.';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your e-mail address.';
export const TWO_FACTOR_CODE_REQUIRED = 'Enter a code from your authenticator app, or a backup code.';

/** 401: no bearer token. */
export const notSignedIn = () =>
  new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH_NOT_SIGNED_IN', NOT_SIGNED_IN);

/** 401: the token is invalid, expired or revoked (logout, password change), or its account is gone. */
export const sessionEnded = () =>
  new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH_SESSION_ENDED', SESSION_ENDED);

/** 403: the signed-in account is not an administrator. */
export const adminOnly = () => new ApiException(HttpStatus.FORBIDDEN, 'AUTH_ADMIN_ONLY', ADMIN_ONLY);

/** 401: unknown username or wrong password (the same answer for both). */
export const invalidCredentials = () =>
  new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH_INVALID_CREDENTIALS', INVALID_CREDENTIALS);

/** 400: a change that needs the current password was given a wrong one. */
export const wrongCurrentPassword = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_WRONG_CURRENT_PASSWORD', WRONG_CURRENT_PASSWORD);

/** 400: an e-mail change without the current password. */
export const currentPasswordRequired = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_CURRENT_PASSWORD_REQUIRED', CURRENT_PASSWORD_REQUIRED);

/** 404: no account has this username (password reset). */
export const usernameNotFound = () =>
  new ApiException(HttpStatus.NOT_FOUND, 'AUTH_USERNAME_NOT_FOUND', USERNAME_NOT_FOUND);

/** 400: no pending reset code, or it expired or was used. */
export const resetCodeExpired = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_RESET_CODE_EXPIRED', CODE_EXPIRED);

/** 400: the reset code's tries are spent. */
export const resetCodeLocked = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_RESET_CODE_LOCKED', CODE_LOCKED);

/** 400: a wrong reset code, with the tries it leaves. */
export const resetCodeWrong = (left: number) =>
  new ApiException(
    HttpStatus.BAD_REQUEST,
    'AUTH_RESET_CODE_WRONG',
    `${CODE_WRONG} ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  );

/** 401: the second sign-in step's challenge expired or was revoked. */
export const twoFactorChallengeExpired = () =>
  new ApiException(
    HttpStatus.UNAUTHORIZED,
    'AUTH_TWO_FACTOR_CHALLENGE_EXPIRED',
    TWO_FACTOR_CHALLENGE_EXPIRED,
  );

/**
 * A wrong or used 2FA code: 401 at the second sign-in step, 400 where a signed-in user confirms a
 * change (two-factor/two-factor.errors.ts, e-mail change).
 */
export const twoFactorCodeWrong = (
  status: HttpStatus.UNAUTHORIZED | HttpStatus.BAD_REQUEST,
  message = TWO_FACTOR_CODE_WRONG,
) => new ApiException(status, 'AUTH_TWO_FACTOR_CODE_WRONG', message);

/** 400: an e-mail change with 2FA on but no code. */
export const twoFactorCodeRequired = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_TWO_FACTOR_CODE_REQUIRED', TWO_FACTOR_CODE_REQUIRED);
