import { meterLevel, shownAmount } from './usage-meter';
import { validateMobileMoneyForm, toMobileMoneyRequest } from './validation';
import { formatUsd, formatXaf } from './money';

test.each([
  [0, 50, 'normal'],
  [79, 50, 'normal'],
  [80, 50, 'warning'],
  [99, 50, 'warning'],
  [100, 50, 'reached'],
  [140, 50, 'reached'],
  [0, -1, 'unlimited'],
  [100, -1, 'unlimited'],
])('%i %% of a limit of %i is %s', (percent, limit, level) => {
  expect(meterLevel(percent, limit)).toBe(level);
});

test('voice seconds show as whole minutes, rounded down; other counts as they are', () => {
  expect(shownAmount('voiceMinutesPerMonth', 600)).toBe(10);
  expect(shownAmount('voiceMinutesPerMonth', 659)).toBe(10);
  expect(shownAmount('voiceMinutesPerMonth', 59)).toBe(0);
  expect(shownAmount('voiceMinutesPerMonth', -1)).toBe(-1);
  expect(shownAmount('messagesPerMonth', 59)).toBe(59);
});

test('prices: $4 and ₣2,500 in English, 4 $ and 2 500 ₣ in French', () => {
  expect(formatUsd(4, 'en')).toBe('$4');
  expect(formatXaf(2500, 'en')).toBe('₣2,500');
  expect(formatUsd(4, 'fr')).toBe('4 $');
  expect(formatXaf(2500, 'fr')).toMatch(/^2\s500 ₣$/);
});

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
