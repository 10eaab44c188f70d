import { groupSecret, isAcceptableCode, normaliseCode } from './two-factor-code';

test('codes are read as typed, spaces dropped and lower-cased', () => {
  expect(normaliseCode(' 123 456 ')).toBe('123456');
  expect(normaliseCode('ABCDE-FGHJK')).toBe('abcde-fghjk');
});

test('a TOTP code is always acceptable, a backup code only where allowed', () => {
  expect(isAcceptableCode('123456', false)).toBe(true);
  expect(isAcceptableCode('12345', true)).toBe(false);
  expect(isAcceptableCode('abcde-fghjk', false)).toBe(false);
  expect(isAcceptableCode('abcde-fghjk', true)).toBe(true);
});

test('the secret is grouped by 4 for typing', () => {
  expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
});
