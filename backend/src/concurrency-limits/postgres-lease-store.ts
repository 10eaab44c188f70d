import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { type PreparedStatement, queryPrepared } from '../common';
import type { Lease, LeaseStore } from './lease-store';

/**
 * Takes the lowest slot without a live lease: inserts it, or takes over a row whose lease expired.
 * `had_free` says whether a free slot was seen; a free slot and no row claimed means another request
 * took that slot at the same moment (the primary key refused this one), and the caller tries again.
 * Time is the database's (clock_timestamp), so every process agrees on what has expired.
 */
const ACQUIRE: PreparedStatement = {
  name: 'concurrency_leases_acquire',
  text: `WITH free AS (
           SELECT s AS slot FROM generate_series(0, $3::int - 1) AS s
           WHERE NOT EXISTS (
             SELECT 1 FROM "concurrency_leases" l
             WHERE l."user_id" = $1 AND l."kind" = $2 AND l."slot" = s AND l."expires_at" > clock_timestamp())
           ORDER BY s LIMIT 1
         ), claimed AS (
           INSERT INTO "concurrency_leases" ("user_id", "kind", "slot", "lease_id", "expires_at")
           SELECT $1, $2, slot, $4, clock_timestamp() + $5::int * interval '1 millisecond' FROM free
           ON CONFLICT ("user_id", "kind", "slot") DO UPDATE
             SET "lease_id" = EXCLUDED."lease_id", "expires_at" = EXCLUDED."expires_at"
             WHERE "concurrency_leases"."expires_at" <= clock_timestamp()
           RETURNING "slot"
         )
         SELECT (SELECT "slot" FROM claimed) AS slot, EXISTS (SELECT 1 FROM free) AS had_free`,
};

const RELEASE: PreparedStatement = {
  name: 'concurrency_leases_release',
  text: `DELETE FROM "concurrency_leases"
         WHERE "user_id" = $1 AND "kind" = $2 AND "slot" = $3 AND "lease_id" = $4`,
};

const RENEW: PreparedStatement = {
  name: 'concurrency_leases_renew',
  text: `UPDATE "concurrency_leases" AS l
         SET "expires_at" = clock_timestamp() + $5::int * interval '1 millisecond'
         FROM unnest($1::uuid[], $2::text[], $3::int[], $4::uuid[]) AS t(user_id, kind, slot, lease_id)
         WHERE l."user_id" = t.user_id AND l."kind" = t.kind AND l."slot" = t.slot AND l."lease_id" = t.lease_id`,
};

/**
 * The slots in PostgreSQL (`concurrency_leases`), one row per slot held: the default, shared by
 * every process on the database. A row left by a process that died is taken over once expired.
 */
export class PostgresLeaseStore implements LeaseStore {
  constructor(private readonly db: DataSource) {}

  async tryAcquire(userId: string, kind: string, limit: number, ttlMs: number): Promise<Lease | null> {
    const leaseId = randomUUID();
    // Each lost race means another request took a slot: after `limit` of them, none can be free.
    for (let attempt = 0; attempt < limit; attempt++) {
      const [row] = await queryPrepared<{ slot: number | null; had_free: boolean }>(this.db, ACQUIRE, [
        userId,
        kind,
        limit,
        leaseId,
        ttlMs,
      ]);
      if (row.slot !== null) return { userId, kind, leaseId, slot: row.slot };
      if (!row.had_free) return null;
    }
    return null;
  }

  async renew(leases: Lease[], ttlMs: number): Promise<void> {
    if (!leases.length) return;
    await queryPrepared(this.db, RENEW, [
      leases.map((lease) => lease.userId),
      leases.map((lease) => lease.kind),
      leases.map((lease) => lease.slot),
      leases.map((lease) => lease.leaseId),
      ttlMs,
    ]);
  }

  async release(lease: Lease): Promise<void> {
    await queryPrepared(this.db, RELEASE, [lease.userId, lease.kind, lease.slot, lease.leaseId]);
  }

  /** The DataSource is the app's, closed with it. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
