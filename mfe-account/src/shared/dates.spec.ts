import { calendarDaysAgo, formatDateTime } from './dates';

test('calendar days between an instant and now, by UTC date', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  expect(calendarDaysAgo('2026-11-24T00:01:00Z', now)).toBe(0);
  expect(calendarDaysAgo('2026-11-23T23:59:00Z', now)).toBe(1);
  expect(calendarDaysAgo('2026-10-25T12:00:00Z', now)).toBe(30);
});

test('a date and time in the UI language; an unreadable value as it is', () => {
  expect(formatDateTime('2026-11-24T14:05:00Z', 'en')).toMatch(/24 Nov 2026/);
  expect(formatDateTime('2026-11-24T14:05:00Z', 'fr')).toMatch(/24 nov\. 2026/);
  expect(formatDateTime('soon', 'en')).toBe('soon');
});
