import { estimatedSpeechSeconds } from '@kasa/contracts';
import { subscriptionStatusOf } from '@kasa/ui/testing';
import { formatVoiceTime, readAloudCost } from './read-aloud-cost';

const basic = (used: number) => subscriptionStatusOf('BASIC_PLAN', { voiceMinutes: used });

describe('readAloudCost', () => {
  test('long from 30 estimated seconds: 279 characters are 30 s, 269 are 29 s', () => {
    expect(readAloudCost(basic(0), 'a'.repeat(279))).toEqual({
      seconds: 30,
      quota: 600,
      left: 600,
      beginning: null,
    });
    expect(readAloudCost(basic(0), 'a'.repeat(269))).toBeNull();
  });

  test('or from 10 % of a smaller monthly quota', () => {
    const small = subscriptionStatusOf('BASIC_PLAN', {}, null, {
      ...subscriptionStatusOf('BASIC_PLAN').planLimits,
      BASIC_PLAN: { ...subscriptionStatusOf('BASIC_PLAN').planLimits.BASIC_PLAN, voiceMinutesPerMonth: 120 },
    });
    // 12 s is 10 % of 2 min; 11 s is not.
    expect(readAloudCost(small, 'a'.repeat(100))?.seconds).toBe(12);
    expect(readAloudCost(small, 'a'.repeat(90))).toBeNull();
  });

  test('nothing to ask on Pro, with the status unknown, or when not even a beginning fits', () => {
    const long = 'word '.repeat(100);
    expect(readAloudCost(subscriptionStatusOf('PRO_PLAN'), long)).toBeNull();
    expect(readAloudCost(undefined, long)).toBeNull();
    expect(readAloudCost(basic(598), long)).toBeNull();
  });

  test('the beginning that fits is cut after a whole word and its estimate is within what is left', () => {
    const text = 'Plant maize after the first good rains, in rows seventy-five centimetres apart. '.repeat(8);
    const cost = readAloudCost(basic(570), text);
    expect(cost?.left).toBe(30);
    expect(cost?.beginning).toBe(text.slice(0, 280).slice(0, text.slice(0, 280).lastIndexOf(' ')).trimEnd());
    expect(estimatedSpeechSeconds(cost?.beginning ?? '')).toBeLessThanOrEqual(30);
  });
});

test('formatVoiceTime', () => {
  expect(formatVoiceTime(45)).toBe('45 s');
  expect(formatVoiceTime(600)).toBe('10 min');
  expect(formatVoiceTime(100)).toBe('1 min 40 s');
});
