import type { RateLimitRecord } from '../local-rate-limit-counters';

/** What the counting upsert answers (auth_rate_limit_counters, seconds left computed in SQL). */
export interface RateLimitCounterRow {
  hits: number;
  expires_in_ms: string | number;
  blocked_for_ms: string | number | null;
}

/** A counted row as the record ThrottlerStorageRedisService would answer (times in seconds). */
export function toRateLimitRecord(row: RateLimitCounterRow): RateLimitRecord {
  const blockedForMs = row.blocked_for_ms === null ? 0 : Number(row.blocked_for_ms);
  const isBlocked = blockedForMs > 0;
  return {
    totalHits: Number(row.hits),
    timeToExpire: Math.max(0, Math.ceil(Number(row.expires_in_ms) / 1000)),
    isBlocked,
    timeToBlockExpire: isBlocked ? Math.ceil(blockedForMs / 1000) : 0,
  };
}
