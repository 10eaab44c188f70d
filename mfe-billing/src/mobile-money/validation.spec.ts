import {
  phoneError,
  phoneErrorAsTyped,
  toMobileMoneyRequest,
  validateMobileMoneyForm,
  type MobileMoneyRules,
} from './validation';

describe('mobile money form validation', () => {
  const rules: MobileMoneyRules = { countryCode: '237', networks: ['MTN', 'ORANGE'] };
  const valid = {
    full_name: 'Amina',
    email: 'a@b.cm',
    phone_number: '677 12 34 56',
    network: 'ORANGE' as const,
  };

  test('valid values pass and are sent trimmed, the phone in E.164 with the country code', () => {
    expect(validateMobileMoneyForm(valid, rules)).toEqual({});
    expect(toMobileMoneyRequest({ ...valid, full_name: '  Amina  ' }, '237')).toEqual({
      full_name: 'Amina',
      email: 'a@b.cm',
      phone_number: '+237677123456',
      network: 'ORANGE',
    });
  });

  test.each(['677123456', '677 12 34 56', '+237 677 12 34 56', '00237677123456', '237677123456'])(
    '%j is sent as +237677123456',
    (phone_number) => {
      expect(validateMobileMoneyForm({ ...valid, phone_number }, rules)).toEqual({});
      expect(toMobileMoneyRequest({ ...valid, phone_number }, '237').phone_number).toBe('+237677123456');
    },
  );

  test.each([
    [{ full_name: '   ' }, { full_name: 'fullNameRequired' }],
    [{ email: '' }, { email: 'emailRequired' }],
    [{ email: 'a@b' }, { email: 'emailInvalid' }],
    [{ phone_number: '' }, { phone_number: 'phoneRequired' }],
    [{ phone_number: '6771234' }, { phone_number: 'phoneIncomplete' }],
    [{ phone_number: '67712345678' }, { phone_number: 'phoneInvalid' }],
    [{ phone_number: '67O000000' }, { phone_number: 'phoneInvalid' }],
    [{ phone_number: '0670000000' }, { phone_number: 'phoneInvalid' }],
    [{ phone_number: '+234 803 000 0000' }, { phone_number: 'phoneOtherCountry' }],
    [{ network: '' as const }, { network: 'networkRequired' }],
    [{ network: 'AIRTEL' as const }, { network: 'networkRequired' }],
  ])('%j → %j', (change, errors) => {
    expect(validateMobileMoneyForm({ ...valid, ...change }, rules)).toEqual(errors);
  });

  test('the configured country code is the one numbers are read with', () => {
    expect(phoneError('677123456', '237')).toBeUndefined();
    expect(phoneError('+237677123456', '225')).toBe('phoneOtherCountry');
    expect(toMobileMoneyRequest({ ...valid, phone_number: '07 07 12 34 56' }, '225').phone_number).toBe(
      '+2250707123456',
    );
  });

  test('while typing, only a number that can no longer become a mobile number is an error', () => {
    expect(phoneErrorAsTyped('', '237')).toBeUndefined();
    expect(phoneErrorAsTyped('+23', '237')).toBeUndefined();
    expect(phoneErrorAsTyped('677 12', '237')).toBeUndefined();
    expect(phoneErrorAsTyped('2', '237')).toBeUndefined();
    expect(phoneErrorAsTyped('5', '237')).toBe('phoneInvalid');
    expect(phoneErrorAsTyped('677 12 34 56 7', '237')).toBe('phoneInvalid');
    expect(phoneErrorAsTyped('+44', '237')).toBe('phoneOtherCountry');
  });
});
