/** One count's outcome, as ThrottlerStorageRedisService answers it (times in seconds). */
export interface RateLimitRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/** How often counts whose window and block have both ended are dropped. */
const SWEEP_INTERVAL_MS = 60_000;

interface Counter {
  hits: number;
  windowEndsAt: number;
  blockedUntil: number;
}

/**
 * Attempt counters in this process's memory, counted like ThrottlerStorageRedisService counts in
 * Redis (a fixed window from the first hit; past the limit, blocked for blockMs, then counting
 * again from one), so a limit reads the same whichever store counted it. Used without REDIS_URL,
 * and during a Redis outage (rate-limit.service.ts).
 */
export class LocalRateLimitCounters {
  private readonly counters = new Map<string, Counter>();
  private sweep?: ReturnType<typeof setInterval>;

  increment(
    key: string,
    windowMs: number,
    limit: number,
    blockMs: number,
    now = Date.now(),
  ): RateLimitRecord {
    this.startSweep();
    let counter = this.counters.get(key);
    if (counter && counter.blockedUntil > 0 && counter.blockedUntil <= now) counter = undefined;
    if (counter && counter.blockedUntil === 0 && counter.windowEndsAt <= now) counter = undefined;
    if (!counter) {
      counter = { hits: 0, windowEndsAt: now + windowMs, blockedUntil: 0 };
      this.counters.set(key, counter);
    }
    counter.hits++;
    if (counter.blockedUntil === 0 && counter.hits > limit) counter.blockedUntil = now + blockMs;
    const isBlocked = counter.blockedUntil > now;
    return {
      totalHits: counter.hits,
      timeToExpire: Math.ceil((counter.windowEndsAt - now) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((counter.blockedUntil - now) / 1000) : 0,
    };
  }

  forget(key: string): void {
    this.counters.delete(key);
  }

  get size(): number {
    return this.counters.size;
  }

  private startSweep(): void {
    if (this.sweep) return;
    this.sweep = setInterval(() => {
      const now = Date.now();
      for (const [key, counter] of this.counters)
        if (counter.windowEndsAt <= now && counter.blockedUntil <= now) this.counters.delete(key);
    }, SWEEP_INTERVAL_MS);
    this.sweep.unref();
  }

  stop(): void {
    clearInterval(this.sweep);
    this.sweep = undefined;
  }
}
