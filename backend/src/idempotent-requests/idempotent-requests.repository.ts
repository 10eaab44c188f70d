import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { IdempotentRequestStatus } from './idempotent-request.entity';

/** One request's key: a user's UUID within a scope. */
export interface IdempotentRequestKey {
  userId: string;
  scope: string;
  key: string;
}

/**
 * When a running claim counts as stale (its process died): no heartbeat for `staleAfterMs`; a
 * row without an owner (written before heartbeats) only after `ownerlessStaleAfterMs`.
 */
export interface Staleness {
  staleAfterMs: number;
  ownerlessStaleAfterMs: number;
}

/** What a claimed key holds: the request's hash, its progress while running, its result once done. */
export interface IdempotentRequestRow {
  requestHash: string;
  status: IdempotentRequestStatus;
  result: unknown;
  /** What the running request recorded for a successor (null when nothing yet). */
  progress: unknown;
  /** Whether it is running and its owner stopped renewing it (its process died). */
  stale: boolean;
}

type Row = Record<string, unknown>;

/** `updated_at` older than the bound that applies to the row ($n: staleAfterMs, $n+1: the ownerless bound). */
const STALE = (n: number) =>
  `"updated_at" <= now() - make_interval(secs => (CASE WHEN "owner" IS NULL THEN $${n + 1} ELSE $${n} END)::double precision / 1000)`;

/** The idempotent_requests table, in plain SQL: every step is one statement, so concurrent requests stay safe. */
@Injectable()
export class IdempotentRequestsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Claims the key for this request ('running', held by `owner`). False when the key is taken: a
   * concurrent insert waits for the other one's commit, then does nothing.
   */
  async claim(id: IdempotentRequestKey, requestHash: string, owner: string): Promise<boolean> {
    const rows: Row[] = await this.dataSource.query(
      `INSERT INTO "idempotent_requests" ("user_id", "scope", "key", "request_hash", "status", "owner")
       VALUES ($1, $2, $3, $4, 'running', $5)
       ON CONFLICT DO NOTHING
       RETURNING 1`,
      [id.userId, id.scope, id.key, requestHash, owner],
    );
    return rows.length === 1;
  }

  /** The key's row; `stale` tells a running row whose owner stopped renewing it. */
  async find(id: IdempotentRequestKey, staleness: Staleness): Promise<IdempotentRequestRow | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "request_hash", "status", "result", "progress",
              ("status" = 'running' AND ${STALE(4)}) AS "stale"
         FROM "idempotent_requests"
        WHERE "user_id" = $1 AND "scope" = $2 AND "key" = $3`,
      [id.userId, id.scope, id.key, staleness.staleAfterMs, staleness.ownerlessStaleAfterMs],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      requestHash: row.request_hash as string,
      status: row.status as IdempotentRequestStatus,
      result: row.result ?? null,
      progress: row.progress ?? null,
      stale: row.stale === true,
    };
  }

  /**
   * Takes over a stale running claim with this hash for `owner`: its recorded progress for the one
   * request whose update matched (so only one carries the work on), undefined for the others.
   */
  async takeOver(
    id: IdempotentRequestKey,
    requestHash: string,
    owner: string,
    staleness: Staleness,
  ): Promise<{ progress: unknown } | undefined> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "idempotent_requests" SET "owner" = $5, "updated_at" = now()
        WHERE "user_id" = $1 AND "scope" = $2 AND "key" = $3 AND "request_hash" = $4
          AND "status" = 'running' AND ${STALE(6)}
       RETURNING "progress"`,
      [
        id.userId,
        id.scope,
        id.key,
        requestHash,
        owner,
        staleness.staleAfterMs,
        staleness.ownerlessStaleAfterMs,
      ],
    )) as [Row[], number];
    return rows[0] ? { progress: rows[0].progress ?? null } : undefined;
  }

  /** The owner's heartbeat: false when the claim is no longer its own (another request took it over). */
  async renew(id: IdempotentRequestKey, owner: string): Promise<boolean> {
    return this.updateOwned(id, owner, `"updated_at" = now()`, []);
  }

  /** Merges `progress` into the claim's, if `owner` still holds it (false otherwise); renews it too. */
  async record(id: IdempotentRequestKey, owner: string, progress: object): Promise<boolean> {
    return this.updateOwned(
      id,
      owner,
      `"progress" = coalesce("progress", '{}'::jsonb) || $5::jsonb, "updated_at" = now()`,
      [JSON.stringify(progress)],
    );
  }

  /**
   * Marks the owner's claim as stale at once, keeping its progress: the next request with the key
   * takes it over without waiting (the work is still under way elsewhere, e.g. a job the owner
   * stopped waiting for).
   */
  async abandon(id: IdempotentRequestKey, owner: string): Promise<void> {
    await this.updateOwned(id, owner, `"updated_at" = '-infinity'`, []);
  }

  /** Stores the result of the owner's claim: later requests with the key answer it. */
  async complete(id: IdempotentRequestKey, owner: string, result: unknown): Promise<boolean> {
    return this.updateOwned(
      id,
      owner,
      `"status" = 'done', "result" = $5::jsonb, "progress" = NULL, "updated_at" = now()`,
      [JSON.stringify(result)],
    );
  }

  /** Lets a failed request's key go (a retry runs it again); a done row, or another owner's, stays. */
  async release(id: IdempotentRequestKey, owner: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "idempotent_requests"
        WHERE "user_id" = $1 AND "scope" = $2 AND "key" = $3 AND "owner" = $4 AND "status" = 'running'`,
      [id.userId, id.scope, id.key, owner],
    );
  }

  /** Forgets requests older than `ttlHours`; answers how many. */
  async deleteExpired(ttlHours: number): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM "idempotent_requests" WHERE "created_at" < now() - make_interval(hours => $1::int)`,
      [ttlHours],
    )) as [unknown, number];
    return count;
  }

  /** One UPDATE of a running claim `owner` holds ($5… are `params`); whether it matched. */
  private async updateOwned(
    id: IdempotentRequestKey,
    owner: string,
    set: string,
    params: unknown[],
  ): Promise<boolean> {
    const [, count] = (await this.dataSource.query(
      `UPDATE "idempotent_requests" SET ${set}
        WHERE "user_id" = $1 AND "scope" = $2 AND "key" = $3 AND "owner" = $4 AND "status" = 'running'`,
      [id.userId, id.scope, id.key, owner, ...params],
    )) as [unknown, number];
    return count === 1;
  }
}
