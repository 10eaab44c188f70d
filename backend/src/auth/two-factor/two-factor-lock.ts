import { createHmac, randomBytes } from 'node:crypto';
import { HttpStatus } from '@nestjs/common';
import { ApiException, type RetryableAfter } from '../../common';
import { readableWait } from '../rate-limited.exception';

/**
 * The second factor's lock (docs/operations.md#sign-in-two-factor-and-links): wrong codes are
 * counted per account, whatever address they come from (a botnet gets no fresh tries per
 * address), under the account's row lock (TwoFactorRepository.underAccountLock); at
 * config.twoFactorLock.maxFailures in a row the second factor refuses every code, right ones
 * too, for config.twoFactorLock.lockMs, or until the owner follows the one-time unlock link
 * e-mailed to them. The password step stays as it is: only a code can open a session.
 */

/** An unlock link's token: 32 random bytes, base64url. */
export const UNLOCK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newUnlockToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this HMAC is stored: the database alone cannot unlock anyone. */
export function unlockTokenHash(jwtSecret: string, token: string): string {
  return createHmac('sha256', jwtSecret).update(`two-factor-unlock:${token}`).digest('hex');
}

export function unlockPath(token: string): string {
  return `/api/auth/two-factor/unlock/${token}`;
}

/** 429 AUTH_TWO_FACTOR_LOCKED with Retry-After: the seconds until the lock ends by itself. */
export class TwoFactorLockedException extends ApiException implements RetryableAfter {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      HttpStatus.TOO_MANY_REQUESTS,
      'AUTH_TWO_FACTOR_LOCKED',
      `Too many wrong codes: two-factor sign-in is locked for this account. Try again in ${readableWait(seconds)}, or use the unlock link we sent by e-mail.`,
    );
    this.retryAfterSeconds = seconds;
  }
}
