import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  type FollowUpTarget,
  type FollowUpTargetRow,
  type StoredFollowUpsRow,
  toFollowUpTarget,
  toStoredFollowUps,
} from './follow-ups.rows';

/** The follow-up suggestions kept on a reply (chat_messages.follow_ups). */
@Injectable()
export class FollowUpsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The user's message with what suggestions need: the question it answers is its parent in the
   * conversation's tree (docs/architecture.md "Versions and branches"), when that is a user message.
   */
  async findTarget(userId: string, messageId: string): Promise<FollowUpTarget | null> {
    const rows: FollowUpTargetRow[] = await this.dataSource.query(
      `SELECT "m"."id", "m"."role", "m"."status", "m"."content", "m"."model", "m"."follow_ups",
              "c"."title" AS "conversation_title", "q"."id" AS "question_id", "q"."content" AS "question_content"
         FROM "chat_messages" "m"
         JOIN "conversations" "c" ON "c"."id" = "m"."conversation_id"
         LEFT JOIN "chat_messages" "q" ON "q"."id" = "m"."parent_id" AND "q"."role" = 'user'
        WHERE "m"."id" = $1 AND "m"."user_id" = $2`,
      [messageId, userId],
    );
    return rows[0] ? toFollowUpTarget(rows[0]) : null;
  }

  /**
   * Keeps the suggestions unless some were kept meanwhile (another instance made them too), and
   * answers what is kept: every caller then shows the same. `made` when the reply is gone.
   */
  async store(messageId: string, made: string[]): Promise<string[]> {
    const rows: StoredFollowUpsRow[] = await this.dataSource.query(
      `WITH "stored" AS (
         UPDATE "chat_messages" SET "follow_ups" = $2::jsonb
          WHERE "id" = $1 AND "follow_ups" IS NULL
          RETURNING "follow_ups"
       )
       SELECT "follow_ups" FROM "stored"
       UNION ALL
       SELECT "follow_ups" FROM "chat_messages"
        WHERE "id" = $1 AND NOT EXISTS (SELECT 1 FROM "stored")`,
      [messageId, JSON.stringify(made)],
    );
    return toStoredFollowUps(rows[0]?.follow_ups) ?? made;
  }
}
