/**
 * The calendar month (UTC) `at` falls in, as its first day ('2031-01-01'): the period usage is
 * counted in. A string, not a Date: PostgreSQL's `date` has no time zone and neither has this.
 */
export function usagePeriodOf(at: Date): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${at.getUTCFullYear()}-${month}-01`;
}

/** When the counters of `at`'s month stop counting: the 1st of the next month, 00:00 UTC. */
export function nextPeriodStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
