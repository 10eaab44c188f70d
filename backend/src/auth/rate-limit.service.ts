import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, type AppConfig, type AuthRateLimits } from '../config';
import { normalizeUsername } from '../users/normalize-username';
import { LocalRateLimitCounters, type RateLimitRecord } from './local-rate-limit-counters';
import { RateLimitCountersRepository } from './rate-limit-store/rate-limit-counters.repository';
import { RateLimitedException } from './rate-limited.exception';

/** One username from one address: an address never contains '|', so the key is unambiguous. */
export const usernameFrom = (address: string, username: string) =>
  `${address}|${normalizeUsername(username)}`;

/** The limits that slow answers down instead of refusing them. */
export type SlowDownName = 'loginPerUsername';
/** The limits that answer 429 (with Retry-After) once exceeded, until their window ends. */
export type RateLimitName = Exclude<keyof AuthRateLimits, SlowDownName>;

/** Longest a sign-in waits on Redis for a count before counting locally instead. */
export const SHARED_COUNT_TIMEOUT_MS = 1000;
/** After a failed count on a connection that looks fine, how long before Redis is tried again. */
const SHARED_RETRY_MS = 5000;

/**
 * Counts attempts per key: in Redis when REDIS_URL is set, in PostgreSQL otherwise
 * (auth_rate_limit_counters), so every API process (API_PROCESSES) and every instance on the same
 * database counts in one place and an attacker gets no more tries by reaching another process. Keys
 * are built by the caller (a normalised username, a rate-limit address, both, or one key for
 * everyone) and used exactly as given.
 *
 * When Redis is set but down (unreachable, too slow) the counts go to PostgreSQL for the outage,
 * which every process shares too; only when the database fails as well does a process count in its
 * own memory (LocalRateLimitCounters), so people can still sign in and each process still limits
 * what it sees. Each change is told once in the log; the shared store is used again as soon as it
 * answers (docs/operations.md "PostgreSQL or Redis unavailable").
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly local = new LocalRateLimitCounters();
  private readonly redis?: Redis;
  private readonly shared?: ThrottlerStorageRedisService;
  /** Set while Redis is down: counts go to `local`; `retryAt`: when a healthy-looking connection is tried again. */
  private sharedDown?: { since: number; retryAt: number };
  /** Set while PostgreSQL cannot count: counts go to `local` until `retryAt`. */
  private databaseDown?: { since: number; retryAt: number };
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly database: RateLimitCountersRepository,
  ) {
    if (!config.redisUrl) return;
    const redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      commandTimeout: SHARED_COUNT_TIMEOUT_MS,
      connectTimeout: SHARED_COUNT_TIMEOUT_MS * 2,
    });
    // Without a listener ioredis prints every reconnection error; one warning per outage is enough.
    redis.on('error', (error: unknown) => this.sharedFailed(error));
    redis.on('close', () => {
      if (!this.stopping) this.sharedFailed(new Error('the connection closed'));
    });
    redis.on('ready', () => this.sharedBack());
    this.redis = redis;
    this.shared = new ThrottlerStorageRedisService(redis);
  }

  private fullKey(name: keyof AuthRateLimits, key: string): string {
    return `${this.config.queuePrefix}:ratelimit:${name}:${key}`;
  }

  private useShared(): boolean {
    if (!this.shared) return false;
    if (!this.sharedDown) return true;
    return this.redis?.status === 'ready' && Date.now() >= this.sharedDown.retryAt;
  }

  private async count(
    name: keyof AuthRateLimits,
    key: string,
    limit: number,
    windowMs: number,
  ): Promise<RateLimitRecord> {
    const fullKey = this.fullKey(name, key);
    if (this.shared && this.useShared()) {
      try {
        const record = await this.shared.increment(fullKey, windowMs, limit, windowMs, name);
        this.sharedBack();
        return record;
      } catch (error) {
        this.sharedFailed(error);
      }
    }
    if (!this.databaseDown || Date.now() >= this.databaseDown.retryAt) {
      try {
        const record = await this.database.increment(fullKey, windowMs, limit, windowMs);
        this.databaseBack();
        return record;
      } catch (error) {
        this.databaseFailed(error);
      }
    }
    return this.local.increment(fullKey, windowMs, limit, windowMs);
  }

  private databaseFailed(error: unknown): void {
    if (this.stopping) return;
    const now = Date.now();
    if (this.databaseDown) {
      this.databaseDown.retryAt = now + SHARED_RETRY_MS;
      return;
    }
    this.databaseDown = { since: now, retryAt: now + SHARED_RETRY_MS };
    const reason = (error as { message?: unknown } | null)?.message ?? String(error);
    this.logger.warn(
      `The database cannot count sign-in attempts (${String(reason)}): counting in this process's memory until it answers.`,
    );
  }

  private databaseBack(): void {
    const down = this.databaseDown;
    if (!down || this.stopping) return;
    this.databaseDown = undefined;
    this.logger.log(
      `The database counts sign-in attempts again after ${Math.round((Date.now() - down.since) / 1000)} s.`,
    );
  }

  private sharedFailed(error: unknown): void {
    if (this.stopping) return;
    const now = Date.now();
    if (this.sharedDown) {
      this.sharedDown.retryAt = now + SHARED_RETRY_MS;
      return;
    }
    this.sharedDown = { since: now, retryAt: now + SHARED_RETRY_MS };
    const reason = (error as { message?: unknown } | null)?.message ?? String(error);
    this.logger.warn(
      `Redis cannot be reached for the sign-in rate limits (${String(reason)}): counting in PostgreSQL until it is back.`,
    );
  }

  private sharedBack(): void {
    const down = this.sharedDown;
    if (!down || this.stopping) return;
    this.sharedDown = undefined;
    this.logger.log(
      `Redis answers again after ${Math.round((Date.now() - down.since) / 1000)} s: the sign-in rate limits are shared again.`,
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

  /**
   * Forgets a key's attempts (a successful sign-in: only failures count towards its lockout). A
   * failure to forget in Redis or PostgreSQL is logged as an outage and otherwise ignored: the count then only
   * runs out with its window.
   */
  async forget(name: RateLimitName, key: string): Promise<void> {
    const fullKey = this.fullKey(name, key);
    this.local.forget(fullKey);
    // Forgotten in PostgreSQL too: it may have counted during a Redis outage.
    try {
      await this.database.forget(fullKey);
    } catch (error) {
      this.databaseFailed(error);
    }
    if (!this.redis || !this.useShared()) return;
    try {
      // The keys ThrottlerStorageRedisService.increment uses for this key and name.
      await this.redis.del(`{${fullKey}:${name}}:hits`, `{${fullKey}:${name}}:blocked`);
    } catch (error) {
      this.sharedFailed(error);
    }
  }

  onApplicationShutdown(): void {
    this.stopping = true;
    this.local.stop();
    this.redis?.disconnect(false);
  }
}
