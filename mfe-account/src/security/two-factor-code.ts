import { BACKUP_CODE_PATTERN, TOTP_CODE_PATTERN } from '@kasa/contracts';

/** A code as typed: spaces dropped (apps show '123 456'), a backup code lower-cased. */
export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, '').toLowerCase();
}

/** Whether the typed code can be sent: a TOTP code always; a backup code only where it is accepted. */
export function isAcceptableCode(code: string, allowBackup: boolean): boolean {
  return TOTP_CODE_PATTERN.test(code) || (allowBackup && BACKUP_CODE_PATTERN.test(code));
}

/** 'JBSW Y3DP EHPK 3PXP': the secret in groups of 4 for typing by hand. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}
