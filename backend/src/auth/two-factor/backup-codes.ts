import { createHmac, randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT, BACKUP_CODE_PATTERN } from '@kasa/contracts';

/** a-z and 2-9 without the letters read as digits or as each other on paper: i, l, o. */
export const BACKUP_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** One code, 'xxxxx-xxxxx': 10 characters of 31, about 49.5 bits, each drawn uniformly. */
export function generateBackupCode(): string {
  let code = '';
  for (let i = 0; i < 2 * HALF; i++) code += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
  return `${code.slice(0, HALF)}-${code.slice(HALF)}`;
}

/** A set of distinct codes (a repeat, however unlikely, would make two rows one). */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateBackupCode());
  return [...codes];
}

/** The form that is hashed: trimmed, lower case, no dash ('ABCDE-fghjk' → 'abcdefghjk'); null if it is no backup code. */
export function normalizeBackupCode(code: string): string | null {
  const trimmed = code.trim();
  if (!BACKUP_CODE_PATTERN.test(trimmed)) return null;
  return trimmed.toLowerCase().replace('-', '');
}

/**
 * What is stored: an HMAC keyed with the server secret over the user and the code, so a copy of
 * the table neither reveals codes nor lets one user's hash match another's. `code` is normalised.
 */
export function backupCodeHash(serverSecret: string, userId: string, normalizedCode: string): string {
  return createHmac('sha256', serverSecret)
    .update(`two-factor-backup:${userId}:${normalizedCode}`)
    .digest('hex');
}
