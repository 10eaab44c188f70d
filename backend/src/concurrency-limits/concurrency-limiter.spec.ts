import { Logger } from '@nestjs/common';
import { ApiException } from '../common';
import type { AppConfig } from '../config';
import { ConcurrencyLimiter } from './concurrency-limiter';
import type { Lease, LeaseStore } from './lease-store';

const config = {
  concurrency: { heavyRequestsPerUser: 2, streamsPerUser: 3, leaseTtlMs: 30_000 },
} as AppConfig;

/** A LeaseStore in memory: what the limiter asks of it, recorded. */
function memoryStore() {
  const live: Lease[] = [];
  const calls = { renewed: [] as Lease[][], released: [] as Lease[], failing: false };
  const store: LeaseStore = {
    tryAcquire(userId, kind, limit) {
      if (calls.failing) return Promise.reject(new Error('connection refused'));
      if (live.filter((lease) => lease.userId === userId && lease.kind === kind).length >= limit)
        return Promise.resolve(null);
      const lease = { userId, kind, leaseId: `${live.length}`, slot: 0 };
      live.push(lease);
      return Promise.resolve(lease);
    },
    renew(leases) {
      calls.renewed.push(leases);
      return Promise.resolve();
    },
    release(lease) {
      calls.released.push(lease);
      live.splice(live.indexOf(lease), 1);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  return { store, calls };
}

describe('ConcurrencyLimiter', () => {
  afterEach(() => jest.useRealTimers());

  it('caps each kind per user and the streams together, with 429 TOO_MANY_CONCURRENT_REQUESTS', async () => {
    const { store } = memoryStore();
    const limiter = new ConcurrencyLimiter(config, store);
    await limiter.acquire('u1', { pool: 'heavy', kind: 'research' });
    const second = await limiter.acquire('u1', { pool: 'heavy', kind: 'research' });
    const refusal = await limiter.acquire('u1', { pool: 'heavy', kind: 'research' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiException);
    expect((refusal as ApiException).getStatus()).toBe(429);
    expect((refusal as ApiException).getResponse()).toMatchObject({ code: 'TOO_MANY_CONCURRENT_REQUESTS' });
    // Another kind, another user: slots of their own.
    await limiter.acquire('u1', { pool: 'heavy', kind: 'upload' });
    await limiter.acquire('u2', { pool: 'heavy', kind: 'research' });
    for (let i = 0; i < 3; i++) await limiter.acquire('u1', { pool: 'streams' });
    await expect(limiter.acquire('u1', { pool: 'streams' })).rejects.toBeInstanceOf(ApiException);

    await second.release();
    await limiter.acquire('u1', { pool: 'heavy', kind: 'research' });
    await limiter.onApplicationShutdown();
  });

  it('releases a slot once however often asked, and renews the held ones every third of their lifetime', async () => {
    jest.useFakeTimers();
    const { store, calls } = memoryStore();
    const limiter = new ConcurrencyLimiter(config, store);
    const slot = await limiter.acquire('u1', { pool: 'streams' });
    await limiter.acquire('u1', { pool: 'heavy', kind: 'speech' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls.renewed).toHaveLength(1);
    expect(calls.renewed[0].map((lease) => lease.kind).sort()).toEqual(['event-streams', 'speech']);

    await Promise.all([slot.release(), slot.release()]);
    await slot.release();
    expect(calls.released).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls.renewed[1].map((lease) => lease.kind)).toEqual(['speech']);
    await limiter.onApplicationShutdown();
  });

  it('lets a request through when the store cannot be reached, and says so in the log', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { store, calls } = memoryStore();
    calls.failing = true;
    const limiter = new ConcurrencyLimiter(config, store);
    const slots = await Promise.all(
      [1, 2, 3].map(() => limiter.acquire('u1', { pool: 'heavy', kind: 'research' })),
    );
    for (const slot of slots) await slot.release();
    expect(calls.released).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('connection refused'));
    warn.mockRestore();
  });
});
