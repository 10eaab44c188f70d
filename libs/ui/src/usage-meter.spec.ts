import { meterLevel, shownAmount } from './usage-meter';
import { formatMoney, formatUsd, formatXaf } from './money';

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

test('an amount in its currency: USD and XAF by their symbol, another by its code', () => {
  expect(formatMoney(4, 'usd', 'en')).toBe('$4');
  expect(formatMoney(2500, 'XAF', 'en')).toBe('₣2,500');
  expect(formatMoney(12.5, 'EUR', 'en')).toBe('12.5 EUR');
});
