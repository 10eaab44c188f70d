import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ChatFeedbackRating } from '@kasa/contracts';
import {
  type FeedbackRow,
  type RatedMessage,
  type RatedMessageRow,
  toRatedMessage,
} from './chat-feedback.rows';

/** The user's feedback on replies (chat_message_feedback): one row per user per reply version. */
@Injectable()
export class ChatFeedbackRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's own message (null when there is none with this id among theirs). */
  async findMessage(userId: string, messageId: string): Promise<RatedMessage | null> {
    const rows: RatedMessageRow[] = await this.dataSource.query(
      `SELECT "id", "role" FROM "chat_messages" WHERE "id" = $1 AND "user_id" = $2`,
      [messageId, userId],
    );
    return rows[0] ? toRatedMessage(rows[0]) : null;
  }

  /**
   * Stores the user's rating of an assistant reply, replacing an earlier one, with the model that
   * wrote the reply (read in the same statement, so it is what was rated). No row when the reply is
   * not the user's assistant message any more (deleted meanwhile).
   */
  async upsert(
    userId: string,
    messageId: string,
    rating: ChatFeedbackRating,
    reason: string | null,
  ): Promise<FeedbackRow | null> {
    const rows: FeedbackRow[] = await this.dataSource.query(
      `INSERT INTO "chat_message_feedback" ("message_id", "user_id", "rating", "reason", "model")
       SELECT "m"."id", "m"."user_id", $3, $4, "m"."model"
         FROM "chat_messages" "m"
        WHERE "m"."id" = $1 AND "m"."user_id" = $2 AND "m"."role" = 'assistant'
       ON CONFLICT ("message_id", "user_id") DO UPDATE
          SET "rating" = EXCLUDED."rating", "reason" = EXCLUDED."reason", "model" = EXCLUDED."model",
              "updated_at" = now()
       RETURNING "message_id", "rating", "reason", "updated_at"`,
      [messageId, userId, rating, reason],
    );
    return rows[0] ?? null;
  }

  async delete(userId: string, messageId: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "chat_message_feedback" WHERE "message_id" = $1 AND "user_id" = $2`,
      [messageId, userId],
    );
  }

  /** The user's feedback on these messages (those without any are absent). */
  async findForMessages(userId: string, messageIds: string[]): Promise<FeedbackRow[]> {
    return this.dataSource.query(
      `SELECT "message_id", "rating", "reason", "updated_at"
         FROM "chat_message_feedback"
        WHERE "user_id" = $1 AND "message_id" = ANY($2::uuid[])`,
      [userId, messageIds],
    );
  }
}
