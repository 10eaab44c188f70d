import { Deadline, duration, pagesRead, TimeLimitReached } from './extraction-limits';

const limits = { ocrMaxPages: 50, timeLimitMs: 600_000 };

describe('extraction limits', () => {
  it('says which pages were not read, and why', () => {
    expect(pagesRead(50, 3000, 'page-limit', limits)).toEqual({
      pagesRead: 50,
      pagesTotal: 3000,
      stoppedBy: 'page-limit',
      note: 'Pages 51-3000 were not read: text recognition reads at most 50 pages of a scanned PDF.',
    });
    expect(pagesRead(22, 23, 'time-limit', limits).note).toBe(
      'Page 23 was not read: reading it took the 10 minutes allowed.',
    );
    expect(pagesRead(12, 12, null, limits)).toEqual({
      pagesRead: 12,
      pagesTotal: 12,
      stoppedBy: null,
      note: null,
    });
  });

  it('gives each program the time left, and none once it is over', () => {
    const deadline = new Deadline(1_000);
    expect(deadline.timeoutFor(60_000)).toBeLessThanOrEqual(1_000);
    expect(deadline.timeoutFor(10)).toBe(10);
    expect(() => new Deadline(-1).timeoutFor(10)).toThrow(TimeLimitReached);
    expect(duration(90_000)).toBe('90 seconds');
    expect(duration(60_000)).toBe('1 minute');
  });
});
