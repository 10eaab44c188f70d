/** A worker that lived at least this long before dying was healthy: its death is no crash loop. */
export const HEALTHY_UPTIME_MS = 30_000;
/** First wait before replacing a dead worker; doubles with each quick death, up to MAX. */
export const FIRST_RESTART_DELAY_MS = 500;
export const MAX_RESTART_DELAY_MS = 15_000;
/** Quick deaths in a row (no worker reaching HEALTHY_UPTIME_MS) after which the primary gives up. */
export const MAX_QUICK_DEATHS = 5;

/**
 * When to replace a dead API worker (cluster/worker-supervisor.ts): at once-ish after a healthy
 * run, with a doubling back-off after quick deaths, and never after MAX_QUICK_DEATHS in a row (a
 * crash loop at start: bad config, port taken, database gone), so the primary stops with the
 * reason instead of forking forever.
 */
export class RestartPolicy {
  private quickDeaths = 0;

  constructor(
    private readonly limits = {
      healthyUptimeMs: HEALTHY_UPTIME_MS,
      firstDelayMs: FIRST_RESTART_DELAY_MS,
      maxDelayMs: MAX_RESTART_DELAY_MS,
      maxQuickDeaths: MAX_QUICK_DEATHS,
    },
  ) {}

  /** A worker died after `uptimeMs`: the delay before its replacement, or 'give-up'. */
  onDeath(uptimeMs: number): number | 'give-up' {
    if (uptimeMs >= this.limits.healthyUptimeMs) this.quickDeaths = 0;
    this.quickDeaths++;
    if (this.quickDeaths > this.limits.maxQuickDeaths) return 'give-up';
    return Math.min(this.limits.maxDelayMs, this.limits.firstDelayMs * 2 ** (this.quickDeaths - 1));
  }
}
