import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountExportStatus } from '@kasa/contracts';
import type { DataSource } from 'typeorm';

/** One row of `account_exports` (migration 1764700000000-Account.ts). */
export interface AccountExportRow {
  id: string;
  userId: string;
  status: AccountExportStatus;
  progress: number;
  cookieSessionId: string | null;
  storageKey: string | null;
  sizeBytes: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  expiresAt: Date | null;
}

/** A completed export as its download link finds it, with the owner's name for the file name. */
export interface DownloadableExport extends AccountExportRow {
  username: string;
  /** When the owner last revoked their tokens: links signed before it are refused. */
  ownerTokensRevokedAt: Date | null;
}

type Raw = Record<string, unknown>;

const COLUMNS = `"id", "user_id", "status", "progress", "cookie_session_id", "storage_key", "size_bytes",
  "error_code", "error_message", "created_at", "started_at", "completed_at", "expires_at"`;

function toRow(raw: Raw): AccountExportRow {
  return {
    id: raw.id as string,
    userId: raw.user_id as string,
    status: raw.status as AccountExportStatus,
    progress: Number(raw.progress),
    cookieSessionId: (raw.cookie_session_id as string | null) ?? null,
    storageKey: (raw.storage_key as string | null) ?? null,
    sizeBytes: raw.size_bytes === null || raw.size_bytes === undefined ? null : Number(raw.size_bytes),
    errorCode: (raw.error_code as string | null) ?? null,
    errorMessage: (raw.error_message as string | null) ?? null,
    createdAt: raw.created_at as Date,
    startedAt: (raw.started_at as Date | null) ?? null,
    completedAt: (raw.completed_at as Date | null) ?? null,
    expiresAt: (raw.expires_at as Date | null) ?? null,
  };
}

/** What `UPDATE … RETURNING` answers through TypeORM's pg driver: [rows, count]. */
const updatedRows = (result: unknown): Raw[] =>
  (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Raw[];

/**
 * The `account_exports` table. Reads by a user go through `userId`; the worker and the signed
 * download link go by id (the job's payload and the link's signature name one export).
 * Times come from the caller's clock, so the reuse window and expiry follow one notion of "now".
 */
@Injectable()
export class AccountExportsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findOwned(userId: string, id: string): Promise<AccountExportRow | null> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM "account_exports" WHERE "id" = $1 AND "user_id" = $2`,
      [id, userId],
    )) as Raw[];
    return rows.length ? toRow(rows[0]) : null;
  }

  async latestOwned(userId: string): Promise<AccountExportRow | null> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM "account_exports" WHERE "user_id" = $1 ORDER BY "created_at" DESC, "id" LIMIT 1`,
      [userId],
    )) as Raw[];
    return rows.length ? toRow(rows[0]) : null;
  }

  /** The export a new request joins: one in progress, or one not failed made since `since`. */
  async findReusable(userId: string, since: Date): Promise<AccountExportRow | null> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM "account_exports"
       WHERE "user_id" = $1
         AND ("status" IN ('queued', 'running') OR ("status" = 'completed' AND "created_at" > $2))
       ORDER BY ("status" IN ('queued', 'running')) DESC, "created_at" DESC
       LIMIT 1`,
      [userId, since],
    )) as Raw[];
    return rows.length ? toRow(rows[0]) : null;
  }

  /**
   * A new queued export, or null when one is already queued or running for the user (the partial
   * unique index account_exports_one_active_key decides between simultaneous requests).
   */
  async insertQueued(
    userId: string,
    cookieSessionId: string | null,
    now: Date,
  ): Promise<AccountExportRow | null> {
    const rows = (await this.db.query(
      `INSERT INTO "account_exports" ("user_id", "status", "cookie_session_id", "created_at")
       VALUES ($1, 'queued', $2, $3)
       ON CONFLICT ("user_id") WHERE "status" IN ('queued', 'running') DO NOTHING
       RETURNING ${COLUMNS}`,
      [userId, cookieSessionId, now],
    )) as Raw[];
    return rows.length ? toRow(rows[0]) : null;
  }

  /** Fails the user's exports still in progress since before `before`: their job was lost. */
  async failStale(userId: string, before: Date, code: string, message: string): Promise<void> {
    await this.db.query(
      `UPDATE "account_exports" SET "status" = 'failed', "error_code" = $3, "error_message" = $4
       WHERE "user_id" = $1 AND "status" IN ('queued', 'running') AND COALESCE("started_at", "created_at") < $2`,
      [userId, before, code, message],
    );
  }

  /** Fails an export still in progress (a queue that refused it, a job's last attempt). */
  async failActive(id: string, code: string, message: string): Promise<void> {
    await this.db.query(
      `UPDATE "account_exports" SET "status" = 'failed', "error_code" = $2, "error_message" = $3
       WHERE "id" = $1 AND "status" IN ('queued', 'running')`,
      [id, code, message],
    );
  }

  /** The job takes its export (again, after a retry): null when it is gone or no longer in progress. */
  async start(id: string, now: Date): Promise<AccountExportRow | null> {
    const rows = updatedRows(
      await this.db.query(
        `UPDATE "account_exports" SET "status" = 'running', "progress" = 0, "started_at" = $2
         WHERE "id" = $1 AND "status" IN ('queued', 'running')
         RETURNING ${COLUMNS}`,
        [id, now],
      ),
    );
    return rows.length ? toRow(rows[0]) : null;
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db.query(
      `UPDATE "account_exports" SET "progress" = $2 WHERE "id" = $1 AND "status" = 'running' AND "progress" < $2`,
      [id, progress],
    );
  }

  /**
   * running → completed in one statement, with the ZIP already whole in storage: a reader sees
   * either no link or a link to the complete file. False when the export is no longer running
   * (its user deleted, or it was given up as stale): the caller deletes the ZIP.
   */
  async complete(
    id: string,
    done: { storageKey: string; sizeBytes: number; completedAt: Date; expiresAt: Date },
  ): Promise<boolean> {
    const rows = updatedRows(
      await this.db.query(
        `UPDATE "account_exports"
         SET "status" = 'completed', "progress" = 100, "storage_key" = $2, "size_bytes" = $3,
             "completed_at" = $4, "expires_at" = $5, "error_code" = NULL, "error_message" = NULL
         WHERE "id" = $1 AND "status" = 'running'
         RETURNING "id"`,
        [id, done.storageKey, done.sizeBytes, done.completedAt, done.expiresAt],
      ),
    );
    return rows.length > 0;
  }

  /** Completed exports past their expiry (anyone's), oldest first: their ZIPs are to delete. */
  async listExpired(now: Date, limit: number): Promise<AccountExportRow[]> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM "account_exports"
       WHERE "status" = 'completed' AND "expires_at" <= $1
       ORDER BY "expires_at" LIMIT $2`,
      [now, limit],
    )) as Raw[];
    return rows.map(toRow);
  }

  /** After its ZIP is deleted: the export says 'expired' and names no stored object any more. */
  async markExpired(id: string): Promise<void> {
    await this.db.query(
      `UPDATE "account_exports" SET "status" = 'expired', "storage_key" = NULL
       WHERE "id" = $1 AND "status" = 'completed'`,
      [id],
    );
  }

  async findForDownload(id: string): Promise<DownloadableExport | null> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS.replace(/"(\w+)"/g, 'e."$1"')}, u."username", u."tokens_revoked_at"
       FROM "account_exports" e JOIN "users" u ON u."id" = e."user_id"
       WHERE e."id" = $1`,
      [id],
    )) as Raw[];
    return rows.length
      ? {
          ...toRow(rows[0]),
          username: rows[0].username as string,
          ownerTokensRevokedAt: rows[0].tokens_revoked_at as Date | null,
        }
      : null;
  }
}
