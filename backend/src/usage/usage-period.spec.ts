import { nextPeriodStart, usagePeriodOf } from './usage-period';

describe('usage period', () => {
  it('is the UTC month, whatever the local time zone says', () => {
    expect(usagePeriodOf(new Date('2031-01-31T23:59:59.999Z'))).toBe('2031-01-01');
    expect(usagePeriodOf(new Date('2031-02-01T00:00:00.000Z'))).toBe('2031-02-01');
    // 00:30 in Douala (UTC+1) on 1 March is still February in UTC.
    expect(usagePeriodOf(new Date('2031-03-01T00:30:00+01:00'))).toBe('2031-02-01');
    expect(usagePeriodOf(new Date('2031-11-15T12:00:00Z'))).toBe('2031-11-01');
  });

  it('ends on the 1st of the next month at 00:00 UTC, across the year end', () => {
    expect(nextPeriodStart(new Date('2031-01-31T23:59:59.999Z')).toISOString()).toBe(
      '2031-02-01T00:00:00.000Z',
    );
    expect(nextPeriodStart(new Date('2031-12-01T00:00:00Z')).toISOString()).toBe('2032-01-01T00:00:00.000Z');
    expect(nextPeriodStart(new Date('2032-02-29T10:00:00Z')).toISOString()).toBe('2032-03-01T00:00:00.000Z');
  });
});
