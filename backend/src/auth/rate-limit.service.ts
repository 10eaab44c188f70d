import { HttpException, HttpStatus, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig, type AuthRateLimits } from '../config';

export type RateLimitName = keyof AuthRateLimits;

/**
 * Counts attempts per key in @nestjs/throttler's storage: Redis when REDIS_URL is set (shared by
 * every API process), in memory otherwise. Over the limit: 429, blocked for the window.
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly storage: ThrottlerStorage & { onApplicationShutdown?(): void; onModuleDestroy?(): void };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.storage = config.redisUrl
      ? new ThrottlerStorageRedisService(config.redisUrl, { maxRetriesPerRequest: 2 })
      : new ThrottlerStorageService();
  }

  /** Counts one attempt; throws 429 when the limit for this key is exceeded. */
  async hit(name: RateLimitName, identifier: string): Promise<void> {
    const { limit, windowMs } = this.config.rateLimits[name];
    const key = `${this.config.queuePrefix}:ratelimit:${name}:${identifier.toLowerCase()}`;
    const record = await this.storage.increment(key, windowMs, limit, windowMs, name);
    if (record.isBlocked) {
      const seconds = Math.max(1, Math.ceil(record.timeToBlockExpire));
      const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
      throw new HttpException(
        `Too many attempts. Please wait ${wait} and try again.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  onApplicationShutdown(): void {
    this.storage.onApplicationShutdown?.();
    this.storage.onModuleDestroy?.();
  }
}
