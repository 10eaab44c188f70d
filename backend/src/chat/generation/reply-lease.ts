/**
 * The lease of the instance writing a reply (docs/operations.md#replies-whose-writer-stops): the
 * writer renews it every REPLY_LEASE_RENEW_MS for every reply it writes (and for finished replies
 * whose final save waits for the database); a reply whose lease is past REPLY_LEASE_MS has no live
 * writer. Every instance looks for such replies every REPLY_LEASE_SWEEP_MS and ends one only when
 * two looks in a row saw the same lapsed lease: a writer back from a database outage renews its
 * leases on its first tick, before a second look. A dead writer's reply ends 6 to 10 s after it
 * last renewed.
 */
export const REPLY_LEASE_MS = 6_000;
export const REPLY_LEASE_RENEW_MS = 2_000;
export const REPLY_LEASE_SWEEP_MS = 2_000;
/** Replies started before leases (no `lease_until`) are taken as abandoned after this long untouched. */
export const LEGACY_STALE_REPLY_MS = 120_000;

/** The lease's end as SQL, from PostgreSQL's clock (every instance compares with the same clock). */
export const LEASE_UNTIL_SQL = `clock_timestamp() + interval '${REPLY_LEASE_MS} milliseconds'`;
