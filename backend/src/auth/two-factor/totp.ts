import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
/** One step either side: a code typed just as it changes, or a phone clock 30 s off, still works. */
const WINDOW = 1;

/** A new random secret (20 bytes, RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** otpauth://totp/… for the QR code. */
export function totpUrl(secretBase32: string, issuer: string, accountName: string): string {
  return totpOf(secretBase32, issuer, accountName).toString();
}

/**
 * The time step (30 s counter) `code` belongs to, within one step of `now`; null when the code
 * is not valid now. The step is what replay protection remembers.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpOf(secretBase32);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp }) + delta;
}
