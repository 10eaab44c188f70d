import { backoffDelayMs, parseRetryAfterMs, retryDelayMs, type RetryTiming } from './retry-policy';

const timing: RetryTiming = { baseDelayMs: 500, maxDelayMs: 8_000, retryAfterCapMs: 20_000 };
const headers = (values: Record<string, string>) => new Headers(values);

describe('backoffDelayMs', () => {
  it('doubles per attempt, with jitter between half and all of the step', () => {
    expect(backoffDelayMs(0, timing, () => 0)).toBe(250);
    expect(backoffDelayMs(0, timing, () => 1)).toBe(500);
    expect(backoffDelayMs(1, timing, () => 1)).toBe(1_000);
    expect(backoffDelayMs(2, timing, () => 0.5)).toBe(1_500);
  });

  it('never exceeds maxDelayMs', () => {
    expect(backoffDelayMs(10, timing, () => 1)).toBe(8_000);
    expect(backoffDelayMs(50, timing, () => 0)).toBe(4_000);
  });
});

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads seconds, milliseconds (retry-after-ms) and HTTP dates', () => {
    expect(parseRetryAfterMs(headers({ 'retry-after': '3' }), now)).toBe(3_000);
    expect(parseRetryAfterMs(headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(parseRetryAfterMs(headers({ 'retry-after-ms': '1200', 'retry-after': '9' }), now)).toBe(1_200);
    expect(parseRetryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }), now)).toBe(7_000);
  });

  it('ignores absent, negative and unreadable values', () => {
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
    expect(parseRetryAfterMs(headers({}), now)).toBeUndefined();
    expect(parseRetryAfterMs(headers({ 'retry-after': '-4' }), now)).toBeUndefined();
    expect(parseRetryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
  });

  it('a date in the past means now', () => {
    expect(parseRetryAfterMs(headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
  });
});

describe('retryDelayMs', () => {
  it("uses the provider's Retry-After when given, the backoff otherwise", () => {
    expect(retryDelayMs(0, 2_000, timing, () => 1)).toBe(2_000);
    expect(retryDelayMs(1, undefined, timing, () => 1)).toBe(1_000);
  });

  it('refuses to wait longer than the cap (null: do not retry)', () => {
    expect(retryDelayMs(0, 20_000, timing)).toBe(20_000);
    expect(retryDelayMs(0, 20_001, timing)).toBeNull();
  });
});
