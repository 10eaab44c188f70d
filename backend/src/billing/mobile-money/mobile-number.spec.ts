import { formatMobileNumber, mobileNumberPlan, readMobileNumber } from '@kasa/contracts';

// The rules of @kasa/contracts' readMobileNumber, which the server and the payment form share.
describe('reading a mobile money number (Cameroon, +237)', () => {
  it.each([
    '677123456',
    '677 12 34 56',
    '677.12.34.56',
    '(677) 12-34-56',
    '+237 677 12 34 56',
    '+237677123456',
    '00237677123456',
    '00 237 677 12 34 56',
    '237677123456',
    ' 237 677 123 456 ',
  ])('%j is +237677123456', (typed) => {
    expect(readMobileNumber(typed, '237')).toEqual({
      kind: 'mobile',
      e164: '+237677123456',
      national: '677123456',
    });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['+', 'incomplete'],
    ['6', 'incomplete'],
    ['67712345', 'incomplete'],
    ['+23', 'incomplete'],
    ['+237', 'incomplete'],
    ['2376771', 'incomplete'],
    ['0023767712', 'incomplete'],
    ['6771234567', 'invalid'],
    ['222123456', 'invalid'],
    ['0677123456', 'invalid'],
    ['67712345a', 'invalid'],
    ['677+123456', 'invalid'],
    ['+237 222 12 34 56', 'invalid'],
    ['+234 803 000 0000', 'otherCountry'],
    ['002348030000000', 'otherCountry'],
    ['+1', 'otherCountry'],
  ])('%j is %s', (typed, kind) => {
    expect(readMobileNumber(typed, '237')).toEqual({ kind });
  });

  it('formats a number as the form shows it', () => {
    expect(formatMobileNumber('677123456', '237')).toBe('+237 677 12 34 56');
    expect(mobileNumberPlan('237').format).toBe('6XX XX XX XX');
  });
});

describe('reading a number of a country without a known plan', () => {
  it('takes any E.164 length after the calling code, national numbers as typed', () => {
    expect(readMobileNumber('07 07 12 34 56', '225')).toMatchObject({ e164: '+2250707123456' });
    expect(readMobileNumber('+225 07 07 12 34 56', '225')).toMatchObject({ e164: '+2250707123456' });
    expect(readMobileNumber('7071234', '225')).toMatchObject({ e164: '+2257071234' });
    expect(readMobileNumber('70712', '225')).toEqual({ kind: 'incomplete' });
    expect(readMobileNumber('7071234567890', '225')).toEqual({ kind: 'invalid' });
    expect(readMobileNumber('+237677123456', '225')).toEqual({ kind: 'otherCountry' });
    expect(formatMobileNumber('7071234', '225')).toBe('+225 7071234');
  });
});
