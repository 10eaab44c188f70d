/** Two-factor sign-in's errors (docs/architecture.md#errors); the lock's is two-factor-lock.ts. */
import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common/api-exception';
import { TWO_FACTOR_CODE_WRONG, twoFactorCodeWrong } from '../auth.errors';

export const CODE_WRONG = TWO_FACTOR_CODE_WRONG;
export const TOTP_NEEDED =
  'Enter a code from your authenticator app (a backup code cannot renew the backup codes).';

/** 400: a wrong or used code (or `message`, e.g. TOTP_NEEDED). */
export const codeWrong = (message = CODE_WRONG) => twoFactorCodeWrong(HttpStatus.BAD_REQUEST, message);

/** 400: turning off or renewing codes while two-factor sign-in is off. */
export const notEnabled = () =>
  new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is not on.');

/** 409: a setup (or its confirmation) while two-factor sign-in is on. */
export const alreadyEnabled = (
  message = 'Two-factor sign-in is already on. Turn it off first to set up another authenticator.',
) => new ApiException(HttpStatus.CONFLICT, 'AUTH_TWO_FACTOR_ALREADY_ENABLED', message);

/** 400: no setup is waiting for a code (or `message`: it was replaced meanwhile). */
export const setupMissing = (
  message = 'No two-factor setup is waiting for a code. Please start the setup again.',
) => new ApiException(HttpStatus.BAD_REQUEST, 'AUTH_TWO_FACTOR_SETUP_MISSING', message);

export const SETUP_REPLACED = 'This setup was replaced or already confirmed. Please check the Security tab.';
export const ALREADY_ENABLED_AT_CONFIRM = 'Two-factor sign-in is already on.';
