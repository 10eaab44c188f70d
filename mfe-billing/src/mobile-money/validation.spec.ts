import { validateMobileMoneyForm, toMobileMoneyRequest } from './validation';

describe('mobile money form validation', () => {
  const valid = {
    full_name: 'Amina',
    email: 'a@b.cm',
    phone_number: '+237 670-000-000',
    network: 'ORANGE' as const,
  };

  test('valid values pass and are sent trimmed, the phone without separators', () => {
    expect(validateMobileMoneyForm(valid)).toEqual({});
    expect(toMobileMoneyRequest({ ...valid, full_name: '  Amina  ' })).toEqual({
      full_name: 'Amina',
      email: 'a@b.cm',
      phone_number: '+237670000000',
      network: 'ORANGE',
    });
  });

  test.each([
    [{ full_name: '   ' }, { full_name: 'fullNameRequired' }],
    [{ email: '' }, { email: 'emailRequired' }],
    [{ email: 'a@b' }, { email: 'emailInvalid' }],
    [{ phone_number: '' }, { phone_number: 'phoneRequired' }],
    [{ phone_number: '1234567' }, { phone_number: 'phoneInvalid' }],
    [{ phone_number: '+2376700000001234' }, { phone_number: 'phoneInvalid' }],
    [{ phone_number: '67O000000' }, { phone_number: 'phoneInvalid' }],
    [{ phone_number: '0670000000' }, { phone_number: 'phoneInvalid' }],
    [{ network: '' as const }, { network: 'networkRequired' }],
  ])('%j → %j', (change, errors) => {
    expect(validateMobileMoneyForm({ ...valid, ...change })).toEqual(errors);
  });
});
