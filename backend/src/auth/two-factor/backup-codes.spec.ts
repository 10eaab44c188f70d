import { BACKUP_CODE_COUNT, BACKUP_CODE_PATTERN } from '@kasa/contracts';
import {
  BACKUP_CODE_ALPHABET,
  backupCodeHash,
  generateBackupCode,
  generateBackupCodes,
  normalizeBackupCode,
} from './backup-codes';

describe('backup codes', () => {
  it('look like xxxxx-xxxxx from the unambiguous alphabet, and match the contract pattern', () => {
    for (let i = 0; i < 500; i++) {
      const code = generateBackupCode();
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(code).toMatch(BACKUP_CODE_PATTERN);
      expect(code).not.toMatch(/[ilo01]/);
    }
    expect(BACKUP_CODE_ALPHABET).toHaveLength(31);
  });

  it('use every character of the alphabet (no bias towards a few)', () => {
    const seen = new Set(Array.from({ length: 400 }, generateBackupCode).join('').replace(/-/g, ''));
    expect([...seen].sort().join('')).toBe([...BACKUP_CODE_ALPHABET].sort().join(''));
  });

  it(`a set holds ${BACKUP_CODE_COUNT} distinct codes`, () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(BACKUP_CODE_COUNT);
  });

  it.each([
    ['abcde-fghjk', 'abcdefghjk'],
    ['ABCDE-FGHJK', 'abcdefghjk'],
    ['  abcdefghjk ', 'abcdefghjk'],
    ['AbCdEfGhJk', 'abcdefghjk'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizeBackupCode(input)).toBe(expected);
  });

  it.each(['', '123456', 'abcde--fghjk', 'abcd-efghjk', 'abcde fghjk', 'abcde-fghj0', 'abcde-fghjk-', 'ab'])(
    'refuses %j',
    (input) => {
      expect(normalizeBackupCode(input)).toBeNull();
    },
  );

  it('hashes per server secret and per user, never the bare code', () => {
    const hash = backupCodeHash('secret', 'user-a', 'abcdefghjk');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('abcdefghjk');
    expect(backupCodeHash('secret', 'user-a', 'abcdefghjk')).toBe(hash);
    expect(backupCodeHash('secret', 'user-b', 'abcdefghjk')).not.toBe(hash);
    expect(backupCodeHash('other', 'user-a', 'abcdefghjk')).not.toBe(hash);
  });
});
