import { LocalRateLimitCounters } from './local-rate-limit-counters';

describe('LocalRateLimitCounters', () => {
  const counters = new LocalRateLimitCounters();
  afterAll(() => counters.stop());

  it('counts within a window, blocks past the limit until the block ends, then counts from one', () => {
    const start = 1_000_000;
    const hits = [1, 2, 3].map((i) => counters.increment('k', 60_000, 2, 60_000, start + i));
    expect(hits.map((record) => record.isBlocked)).toEqual([false, false, true]);
    expect(hits[2]).toMatchObject({ totalHits: 3, timeToBlockExpire: 60 });
    expect(counters.increment('k', 60_000, 2, 60_000, start + 30_000).isBlocked).toBe(true);
    expect(counters.increment('k', 60_000, 2, 60_000, start + 61_000)).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('starts a new window once the last one ended without a block', () => {
    counters.increment('w', 1000, 5, 1000, 0);
    expect(counters.increment('w', 1000, 5, 1000, 500).totalHits).toBe(2);
    expect(counters.increment('w', 1000, 5, 1000, 1500).totalHits).toBe(1);
  });

  it('forgets a key', () => {
    for (let i = 0; i < 3; i++) counters.increment('f', 60_000, 2, 60_000, 10);
    counters.forget('f');
    expect(counters.increment('f', 60_000, 2, 60_000, 20)).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});
