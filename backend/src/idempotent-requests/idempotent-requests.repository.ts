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

/** What a claimed key holds: the request's hash, and its result once done. */
export interface IdempotentRequestRow {
  requestHash: string;
  status: IdempotentRequestStatus;
  result: unknown;
  /** Whether it has been running longer than the bound asked (its process died). */
  stale: boolean;
}

type Row = Record<string, unknown>;

/** The idempotent_requests table, in plain SQL: every step is one statement, so concurrent requests stay safe. */
@Injectable()
export class IdempotentRequestsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Claims the key for this request ('running'). False when the key is taken: a concurrent insert
   * waits for the other one's commit, then does nothing.
   */
  async claim(id: IdempotentRequestKey, requestHash: string): Promise<boolean> {
    const rows: Row[] = await this.dataSource.query(
      `INSERT INTO "idempotent_requests" ("user_id", "scope", "key", "request_hash", "status")
       VALUES ($1, $2, $3, $4, 'running')
       ON CONFLICT DO NOTHING
       RETURNING 1`,
      [id.userId, id.scope, id.key, requestHash],
    );
    return rows.length === 1;
  }

  /** The key's row; `stale` tells a running row untouched for `staleAfterMs`. */
  async find(id: IdempotentRequestKey, staleAfterMs: number): Promise<IdempotentRequestRow | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "request_hash", "status", "result",
              "updated_at" <= now() - make_interval(secs => $4::double precision / 1000) AS "stale"
         FROM "idempotent_requests"
        WHERE "user_id" = $1 AND "scope" = $2 AND "key" = $3`,
      [id.userId, id.scope, id.key, staleAfterMs],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      requestHash: row.request_hash as string,
      status: row.status as IdempotentRequestStatus,
      result: row.result ?? null,
      stale: row.stale === true,
    };
  }

  /**
   * Takes over a running claim with this hash left `staleAfterMs` (its process died): true for
   * the one request whose update matched, so only one runs the work again.
   */
  async takeOver(id: IdempotentRequestKey, requestHash: string, staleAfterMs: number): Promise<boolean> {
    const [, count] = (await this.dataSource.query(
      `UPDATE "idempotent_requests" SET "updated_at" = now()
        WHERE "user_id" = $1 AND "scope" = $2 AND "key" = $3 AND "request_hash" = $4
          AND "status" = 'running'
          AND "updated_at" <= now() - make_interval(secs => $5::double precision / 1000)`,
      [id.userId, id.scope, id.key, requestHash, staleAfterMs],
    )) as [unknown, number];
    return count === 1;
  }

  /** Stores the result of the claimed request: later requests with the key answer it. */
  async complete(id: IdempotentRequestKey, result: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE "idempotent_requests" SET "status" = 'done', "result" = $4::jsonb, "updated_at" = now()
        WHERE "user_id" = $1 AND "scope" = $2 AND "key" = $3`,
      [id.userId, id.scope, id.key, JSON.stringify(result)],
    );
  }

  /** Lets a failed request's key go (a retry runs it again); a done row stays. */
  async release(id: IdempotentRequestKey): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "idempotent_requests"
        WHERE "user_id" = $1 AND "scope" = $2 AND "key" = $3 AND "status" = 'running'`,
      [id.userId, id.scope, id.key],
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
}
