import { secondsUntilNextPeriod, UsageLimitExceededException } from './usage-limit.exception';

describe('UsageLimitExceededException', () => {
  it('keeps the usage-limit body exactly, plus code; the wait is not in it', () => {
    const error = new UsageLimitExceededException(
      'messagesPerMonth',
      50,
      50,
      true,
      new Date('2031-01-15T12:00:00Z'),
    );
    expect(error.getStatus()).toBe(429);
    expect(error.getResponse()).toEqual({
      error: 'Usage limit exceeded',
      feature: 'messagesPerMonth',
      current: 50,
      limit: 50,
      upgradeRequired: true,
      code: 'USAGE_LIMIT_EXCEEDED',
    });
    expect(error.retryAfterSeconds).toBe(16.5 * 86_400);
  });

  it('waits until the next month starts (UTC), rounded up, never 0', () => {
    expect(secondsUntilNextPeriod(new Date('2031-12-31T23:00:00Z'))).toBe(3_600);
    expect(secondsUntilNextPeriod(new Date('2031-01-31T23:59:59.200Z'))).toBe(1);
    expect(secondsUntilNextPeriod(new Date('2031-01-31T23:59:59.999Z'))).toBe(1);
    expect(secondsUntilNextPeriod(new Date('2031-02-01T00:00:00Z'))).toBe(28 * 86_400);
  });
});
