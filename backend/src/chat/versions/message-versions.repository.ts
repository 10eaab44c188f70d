import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MAX_PATH_DEPTH, shownPathCtes } from '../conversations/conversations.repository';
import {
  type MessageVersionRow,
  type RegenerationTarget,
  type RegenerationTargetRow,
  toMessageVersion,
  toRegenerationTarget,
  VERSION_PREVIEW_LENGTH,
} from './message-versions.rows';
import type { ChatMessageVersion } from '@kasa/contracts';

/**
 * The versions of a message ($1, of the user $2): its siblings of the same role under the same
 * parent (the root's included), oldest first, and whether each is on the path the conversation
 * shows. None when the message is not the user's.
 */
const VERSIONS_SQL = `WITH RECURSIVE "target" AS (
    SELECT "id", "conversation_id", "parent_id", "role" FROM "chat_messages" WHERE "id" = $1 AND "user_id" = $2
  ),
  ${shownPathCtes('(SELECT "conversation_id" FROM "target")', '$2::uuid')}
  SELECT s."id", s."role", s."status", left(s."content", ${VERSION_PREVIEW_LENGTH}) AS "preview", s."model",
         s."created_at", EXISTS (SELECT 1 FROM "shown_path" p WHERE p."id" = s."id") AS "shown"
    FROM "target" t
    JOIN "chat_messages" s ON s."conversation_id" = t."conversation_id" AND s."role" = t."role"
                          AND s."parent_id" IS NOT DISTINCT FROM t."parent_id"
   ORDER BY s."created_at", s."id"`;

/**
 * Shows a message of a conversation ($3; the conversation $1 of the user $2): the conversation's
 * leaf becomes its deepest descendant, following the newest child at each step. No row when the
 * message is not in the user's conversation.
 */
const SHOW_VERSION_SQL = `WITH RECURSIVE "start" AS (
    SELECT m."id" FROM "chat_messages" m JOIN "conversations" c ON c."id" = m."conversation_id"
     WHERE m."id" = $3 AND c."id" = $1 AND c."user_id" = $2
  ),
  "down" AS (
    SELECT "id", 1 AS "depth" FROM "start"
    UNION ALL
    SELECT child."id", d."depth" + 1
      FROM "down" d
      CROSS JOIN LATERAL (
        SELECT n."id" FROM "chat_messages" n WHERE n."parent_id" = d."id"
         ORDER BY n."created_at" DESC, n."id" DESC LIMIT 1
      ) child
     WHERE d."depth" < ${MAX_PATH_DEPTH}
  )
  UPDATE "conversations"
     SET "current_message_id" = (SELECT "id" FROM "down" ORDER BY "depth" DESC LIMIT 1)
   WHERE "id" = $1 AND "user_id" = $2 AND EXISTS (SELECT 1 FROM "start")
  RETURNING "id"`;

/** Versions and branches of a conversation (docs/architecture.md#versions-and-branches). */
@Injectable()
export class MessageVersionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The versions of one of the user's messages, oldest first; [] when it is not theirs. */
  async listVersions(userId: string, messageId: string): Promise<ChatMessageVersion[]> {
    const rows = await this.dataSource.query<MessageVersionRow[]>(VERSIONS_SQL, [messageId, userId]);
    return rows.map(toMessageVersion);
  }

  /** Whether the conversation now shows the message (false: not a message of the user's conversation). */
  async showVersion(userId: string, conversationId: string, messageId: string): Promise<boolean> {
    // An UPDATE answers [rows, affected count] through TypeORM's query().
    const [updated] = await this.dataSource.query<[Array<{ id: string }>, number]>(SHOW_VERSION_SQL, [
      conversationId,
      userId,
      messageId,
    ]);
    return updated.length > 0;
  }

  /** One of the user's messages as a new version of it needs it; null when it is not theirs. */
  async findRegenerationTarget(userId: string, messageId: string): Promise<RegenerationTarget | null> {
    const rows = await this.dataSource.query<RegenerationTargetRow[]>(
      `SELECT m."id", m."conversation_id", m."role", m."status", m."media_file_id", q."id" AS "question_id",
              q."content" AS "question_text", c."model" AS "conversation_model"
         FROM "chat_messages" m
         JOIN "conversations" c ON c."id" = m."conversation_id" AND c."user_id" = $2
         LEFT JOIN "chat_messages" q ON q."id" = m."parent_id" AND q."role" = 'user'
        WHERE m."id" = $1 AND m."user_id" = $2`,
      [messageId, userId],
    );
    return rows[0] ? toRegenerationTarget(rows[0]) : null;
  }
}
