import { toRateLimitRecord } from './rate-limit-counter.rows';

describe('toRateLimitRecord', () => {
  it('answers seconds, rounded up, as the Redis store does', () => {
    expect(toRateLimitRecord({ hits: 3, expires_in_ms: '1200', blocked_for_ms: null })).toEqual({
      totalHits: 3,
      timeToExpire: 2,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
  });

  it('a block still running is a block; one that ended is none', () => {
    expect(toRateLimitRecord({ hits: 5, expires_in_ms: '-10', blocked_for_ms: '59001' })).toEqual({
      totalHits: 5,
      timeToExpire: 0,
      isBlocked: true,
      timeToBlockExpire: 60,
    });
    expect(toRateLimitRecord({ hits: 5, expires_in_ms: 0, blocked_for_ms: '-5' }).isBlocked).toBe(false);
  });
});
