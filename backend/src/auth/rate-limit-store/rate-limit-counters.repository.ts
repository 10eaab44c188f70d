import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { RateLimitRecord } from '../local-rate-limit-counters';
import { type RateLimitCounterRow, toRateLimitRecord } from './rate-limit-counter.rows';

/**
 * Attempt counters in PostgreSQL (auth_rate_limit_counters), counted exactly like
 * LocalRateLimitCounters and ThrottlerStorageRedisService: a fixed window from the first hit; past
 * the limit, blocked for blockMs, then counting again from one. One statement per count (an
 * INSERT ... ON CONFLICT DO UPDATE locks the row), so concurrent attempts from several processes
 * are each counted once.
 */
@Injectable()
export class RateLimitCountersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async increment(key: string, windowMs: number, limit: number, blockMs: number): Promise<RateLimitRecord> {
    // $2 window, $3 limit, $4 block, all in ms. "fresh": the stored window (or block) has ended, so
    // this hit starts a new window, as the in-memory counters do.
    const window = `now() + $2 * interval '1 millisecond'`;
    const block = `now() + $4 * interval '1 millisecond'`;
    const fresh = `(("c"."blocked_until" IS NOT NULL AND "c"."blocked_until" <= now())
                    OR ("c"."blocked_until" IS NULL AND "c"."window_ends_at" <= now()))`;
    const rows = await this.dataSource.query<RateLimitCounterRow[]>(
      `INSERT INTO "auth_rate_limit_counters" AS "c" ("key", "hits", "window_ends_at", "blocked_until", "expires_at")
       VALUES ($1, 1, ${window}, CASE WHEN 1 > $3::bigint THEN ${block} END,
               GREATEST(${window}, CASE WHEN 1 > $3::bigint THEN ${block} ELSE now() END))
       ON CONFLICT ("key") DO UPDATE SET
         "hits" = CASE WHEN ${fresh} THEN 1 ELSE "c"."hits" + 1 END,
         "window_ends_at" = CASE WHEN ${fresh} THEN ${window} ELSE "c"."window_ends_at" END,
         "blocked_until" = CASE
           WHEN ${fresh} THEN CASE WHEN 1 > $3::bigint THEN ${block} END
           WHEN "c"."blocked_until" IS NULL AND "c"."hits" + 1 > $3::bigint THEN ${block}
           ELSE "c"."blocked_until" END,
         "expires_at" = GREATEST(
           CASE WHEN ${fresh} THEN ${window} ELSE "c"."window_ends_at" END, ${block}, "c"."expires_at")
       RETURNING "c"."hits",
                 (extract(epoch FROM "c"."window_ends_at" - now()) * 1000)::bigint AS "expires_in_ms",
                 (extract(epoch FROM "c"."blocked_until" - now()) * 1000)::bigint AS "blocked_for_ms"`,
      [key, windowMs, limit, blockMs],
    );
    return toRateLimitRecord(rows[0]);
  }

  async forget(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "auth_rate_limit_counters" WHERE "key" = $1`, [key]);
  }

  /** Deletes counters whose window and block have both ended; answers how many. */
  async deleteExpired(): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM "auth_rate_limit_counters" WHERE "expires_at" <= now()`,
    );
    return count;
  }
}
