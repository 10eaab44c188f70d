import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { Lease, LeaseStore } from './lease-store';

/** Now in milliseconds, by the Redis server's clock (every process agrees on what has expired). */
const NOW_MS = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS[1]: the (user, kind) sorted set of leases scored by expiry. ARGV: lease id, limit, ttl ms.
 * Drops expired leases, then adds this one if fewer than `limit` remain: 1 taken, 0 full.
 */
const ACQUIRE_SCRIPT = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** KEYS[1], ARGV: lease id, ttl ms. Pushes a lease's expiry if it is still there. */
const RENEW_SCRIPT = `${NOW_MS}
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

type ScriptedRedis = Redis & {
  acquireLease(key: string, leaseId: string, limit: number, ttlMs: number): Promise<number>;
  renewLease(key: string, leaseId: string, ttlMs: number): Promise<number>;
};

/**
 * The slots in Redis when REDIS_URL is set: a sorted set per user and kind (`<prefix>:concurrency:
 * <user>:<kind>`), a member per lease scored by its expiry, changed only by the scripts above (one
 * round trip, atomic). The set expires with its newest lease, so a dead process leaves nothing.
 */
export class RedisLeaseStore implements LeaseStore {
  private readonly logger = new Logger('ConcurrencyLimits');
  private readonly client: ScriptedRedis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    const client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    client.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    client.defineCommand('acquireLease', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    client.defineCommand('renewLease', { numberOfKeys: 1, lua: RENEW_SCRIPT });
    this.client = client as ScriptedRedis;
  }

  private key(userId: string, kind: string): string {
    return `${this.prefix}:concurrency:${userId}:${kind}`;
  }

  async tryAcquire(userId: string, kind: string, limit: number, ttlMs: number): Promise<Lease | null> {
    const leaseId = randomUUID();
    const taken = await this.client.acquireLease(this.key(userId, kind), leaseId, limit, ttlMs);
    return taken === 1 ? { userId, kind, leaseId, slot: 0 } : null;
  }

  async renew(leases: Lease[], ttlMs: number): Promise<void> {
    if (!leases.length) return;
    const pipeline = this.client.pipeline() as ReturnType<Redis['pipeline']> & {
      renewLease(key: string, leaseId: string, ttlMs: number): unknown;
    };
    for (const lease of leases) pipeline.renewLease(this.key(lease.userId, lease.kind), lease.leaseId, ttlMs);
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  async release(lease: Lease): Promise<void> {
    await this.client.zrem(this.key(lease.userId, lease.kind), lease.leaseId);
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
