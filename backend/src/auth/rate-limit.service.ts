import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, type AppConfig, type AuthRateLimits } from '../config';
import { normalizeUsername } from '../users/normalize-username';
import { RateLimitedException } from './rate-limited.exception';

/** One username from one address: an address never contains '|', so the key is unambiguous. */
export const usernameFrom = (address: string, username: string) =>
  `${address}|${normalizeUsername(username)}`;

/** The limits that slow answers down instead of refusing them. */
export type SlowDownName = 'loginPerUsername';
/** The limits that answer 429 (with Retry-After) once exceeded, until their window ends. */
export type RateLimitName = Exclude<keyof AuthRateLimits, SlowDownName>;

/**
 * Counts attempts per key in @nestjs/throttler's storage: Redis when REDIS_URL is set (shared by
 * every API process), in memory otherwise. Keys are built by the caller (a normalised username,
 * a rate-limit address, both, or one key for everyone) and used exactly as given.
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly storage: ThrottlerStorage & { onApplicationShutdown?(): void; onModuleDestroy?(): void };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.storage = config.redisUrl
      ? new ThrottlerStorageRedisService(config.redisUrl, { maxRetriesPerRequest: 2 })
      : new ThrottlerStorageService();
  }

  private count(name: keyof AuthRateLimits, key: string, limit: number, windowMs: number) {
    return this.storage.increment(
      `${this.config.queuePrefix}:ratelimit:${name}:${key}`,
      windowMs,
      limit,
      windowMs,
      name,
    );
  }

  /** Counts one attempt; over the limit, RateLimitedException (429) until the window ends. */
  async hit(name: RateLimitName, key: string): Promise<void> {
    const { limit, windowMs } = this.config.rateLimits[name];
    const record = await this.count(name, key, limit, windowMs);
    if (record.isBlocked) throw new RateLimitedException(record.timeToBlockExpire);
  }

  /** Counts one attempt; over the limit, resolves only after the limit's delay. Never refuses. */
  async slowDown(name: SlowDownName, key: string): Promise<void> {
    const { limit, windowMs, delayMs } = this.config.rateLimits[name];
    const record = await this.count(name, key, Number.MAX_SAFE_INTEGER, windowMs);
    if (record.totalHits > limit) await sleep(delayMs);
  }

  onApplicationShutdown(): void {
    this.storage.onApplicationShutdown?.();
    this.storage.onModuleDestroy?.();
  }
}
