import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** What deleting a user's rows removed, and the stored bytes left to delete after the commit. */
export interface DeletedRows {
  conversations: number;
  messages: number;
  files: number;
  uploads: number;
  /** The user's files as FILES_STORAGE holds them (each with what was derived from it). */
  storedFiles: Array<{ storageKey: string; contentType: string }>;
  /** Keys in FILES_STORAGE of the user's export ZIPs. */
  exportKeys: string[];
  /** What `beforeDelete` answered (the payment records kept). */
  kept: number;
}

interface CountsRow {
  conversations: string;
  messages: string;
  files: string;
  uploads: string;
}

/**
 * Deletes a user and, through the foreign keys (ON DELETE CASCADE), every row that is theirs:
 * conversations and messages, files, uploads and passages, research, canvases, drive tokens,
 * usage, subscriptions, Stripe customer, 2FA, notification settings, exports and reset codes.
 * Payment records are kept (ON DELETE SET NULL), anonymised by the caller first.
 */
@Injectable()
export class AccountDeletionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Null when the user is gone already (a concurrent deletion won). */
  deleteUser(
    userId: string,
    beforeDelete: (manager: EntityManager) => Promise<number>,
  ): Promise<DeletedRows | null> {
    return this.dataSource.transaction(async (manager) => {
      // Locks the user: a concurrent request of theirs that writes a row pointing at the user
      // waits on this lock, then fails on the missing user instead of leaving an orphan.
      const locked = (await manager.query(`SELECT "id" FROM "users" WHERE "id" = $1 FOR UPDATE`, [
        userId,
      ])) as unknown[];
      if (!locked.length) return null;
      const [counts] = (await manager.query(
        `SELECT (SELECT count(*) FROM "conversations" WHERE "user_id" = $1) AS "conversations",
                (SELECT count(*) FROM "chat_messages" WHERE "user_id" = $1) AS "messages",
                (SELECT count(*) FROM "files" WHERE "user_id" = $1) AS "files",
                (SELECT count(*) FROM "uploads" WHERE "user_id" = $1) AS "uploads"`,
        [userId],
      )) as CountsRow[];
      const files = (await manager.query(
        `SELECT "storage_key", "content_type" FROM "files" WHERE "user_id" = $1`,
        [userId],
      )) as Array<{ storage_key: string; content_type: string }>;
      const exports = (await manager.query(
        `SELECT "storage_key" FROM "account_exports" WHERE "user_id" = $1 AND "storage_key" IS NOT NULL`,
        [userId],
      )) as Array<{ storage_key: string }>;
      const kept = await beforeDelete(manager);
      await manager.query(`DELETE FROM "users" WHERE "id" = $1`, [userId]);
      return {
        conversations: Number(counts.conversations),
        messages: Number(counts.messages),
        files: Number(counts.files),
        uploads: Number(counts.uploads),
        storedFiles: files.map((row) => ({ storageKey: row.storage_key, contentType: row.content_type })),
        exportKeys: exports.map((row) => row.storage_key),
        kept,
      };
    });
  }
}
