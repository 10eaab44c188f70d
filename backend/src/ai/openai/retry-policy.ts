/**
 * When to try a failed chat request again, and how long to wait first. Only failures before the
 * first text chunk are retried (the caller enforces that); this file only computes the waits.
 */
export interface RetryTiming {
  /** First wait; each further retry doubles it. */
  baseDelayMs: number;
  /** Longest computed wait (before jitter). */
  maxDelayMs: number;
  /**
   * Longest Retry-After the adapter is willing to honour. A provider asking for a longer pause
   * gets no retry at all: the user is told at once that the service is busy.
   */
  retryAfterCapMs: number;
}

export const DEFAULT_RETRY_TIMING: RetryTiming = {
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  retryAfterCapMs: 20_000,
};

/**
 * Exponential backoff with jitter: attempt 0 waits between 50 % and 100 % of baseDelayMs, attempt
 * 1 of twice that, and so on up to maxDelayMs. `random` is Math.random (injected for tests).
 */
export function backoffDelayMs(
  attempt: number,
  timing: RetryTiming,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** Math.max(0, attempt));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

/**
 * The provider's requested pause, from `retry-after-ms` (OpenAI) or `retry-after` (seconds or an
 * HTTP date). Undefined when absent or unreadable.
 */
export function parseRetryAfterMs(
  headers: { get(name: string): string | null } | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const header = headers.get('retry-after');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The wait before retry number `attempt + 1`: the provider's Retry-After when it gave one (null
 * when that exceeds the cap: do not retry), else the backoff.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | undefined,
  timing: RetryTiming,
  random: () => number = Math.random,
): number | null {
  if (retryAfterMs !== undefined) return retryAfterMs > timing.retryAfterCapMs ? null : retryAfterMs;
  return backoffDelayMs(attempt, timing, random);
}
