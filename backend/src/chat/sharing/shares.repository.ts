import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ShareSummary } from '@kasa/contracts';
import {
  type LiveShare,
  type LiveShareRow,
  type ShareSummaryRow,
  toLiveShare,
  toShareSummary,
} from './share.rows';
import type { SnapshotMessage } from './share-snapshot';

export interface NewShare {
  id: string;
  userId: string;
  conversationId: string;
  showName: boolean;
  snapshot: SnapshotMessage[];
}

const SUMMARY_COLUMNS = `"id", "conversation_id", "title", "show_name", "message_count", "created_at"`;

/**
 * conversation_shares. The owner's reads and writes are scoped to `user_id` (another user's link is
 * not found); the public read is by id alone: the unguessable id is the permission.
 */
@Injectable()
export class SharesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores a link to one of the user's conversations, titled as the conversation is now; null when
   * the conversation is not the user's (or was deleted meanwhile).
   */
  async insert(share: NewShare): Promise<ShareSummary | null> {
    const rows = await this.dataSource.query<ShareSummaryRow[]>(
      `INSERT INTO "conversation_shares"
              ("id", "user_id", "conversation_id", "title", "show_name", "snapshot", "message_count")
       SELECT $1, c."user_id", c."id", c."title", $4, $5::jsonb, $6
         FROM "conversations" c
        WHERE c."id" = $3 AND c."user_id" = $2
       RETURNING ${SUMMARY_COLUMNS}`,
      [
        share.id,
        share.userId,
        share.conversationId,
        share.showName,
        JSON.stringify(share.snapshot),
        share.snapshot.length,
      ],
    );
    return rows[0] ? toShareSummary(rows[0]) : null;
  }

  /** The user's links not revoked, newest first. */
  async listLive(userId: string): Promise<ShareSummary[]> {
    const rows = await this.dataSource.query<ShareSummaryRow[]>(
      `SELECT ${SUMMARY_COLUMNS}
         FROM "conversation_shares"
        WHERE "user_id" = $1 AND "revoked_at" IS NULL
        ORDER BY "created_at" DESC, "id"`,
      [userId],
    );
    return rows.map(toShareSummary);
  }

  /**
   * Revokes one of the user's live links and empties its snapshot (nothing of a revoked link is
   * kept to be read). False when there is no such live link of theirs.
   */
  async revoke(userId: string, id: string): Promise<boolean> {
    // An UPDATE answers [rows, affected count] through TypeORM's query().
    const [updated] = await this.dataSource.query<[Array<{ id: string }>, number]>(
      `UPDATE "conversation_shares" SET "revoked_at" = now(), "snapshot" = '[]'::jsonb
        WHERE "id" = $1 AND "user_id" = $2 AND "revoked_at" IS NULL
       RETURNING "id"`,
      [id, userId],
    );
    return Boolean(updated?.length);
  }

  /** A link not revoked, by id alone (the public read), with its author when the owner shows their name. */
  async findLive(id: string): Promise<LiveShare | null> {
    const rows = await this.dataSource.query<LiveShareRow[]>(
      `SELECT s."id", s."user_id", s."title", s."snapshot", s."created_at",
              CASE WHEN s."show_name" THEN u."username" END AS "author"
         FROM "conversation_shares" s
         JOIN "users" u ON u."id" = s."user_id"
        WHERE s."id" = $1 AND s."revoked_at" IS NULL`,
      [id],
    );
    return rows[0] ? toLiveShare(rows[0]) : null;
  }
}
