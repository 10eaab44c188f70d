import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feedback on replies and follow-up suggestions (backend/src/chat/feedback, chat/follow-ups).
 * - chat_message_feedback: one rating per user per reply version, with the model that wrote the
 *   version copied at write time (chat_messages.model, ChatMessageTree1795816500000), so operators
 *   can compare models even after the configuration changes. Indexed by created_at for an admin
 *   console reading the newest first, and by user for the account export and the cascade when
 *   an account is deleted (the primary key starts with the message).
 * - chat_messages.follow_ups: the suggestions made once per finished reply; NULL = not made yet
 *   (or the model failed and a later request tries again), [] = nothing to suggest.
 */
export class ChatFeedbackAndFollowUps1795816510000 implements MigrationInterface {
  name = 'ChatFeedbackAndFollowUps1795816510000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "chat_message_feedback" (
         "message_id" uuid NOT NULL REFERENCES "chat_messages" ("id") ON DELETE CASCADE,
         "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
         "rating" varchar(8) NOT NULL CHECK ("rating" IN ('up', 'down')),
         "reason" text CHECK (char_length("reason") <= 1000),
         "model" varchar(200),
         "created_at" timestamptz NOT NULL DEFAULT now(),
         "updated_at" timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY ("message_id", "user_id")
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX "chat_message_feedback_created_at_idx" ON "chat_message_feedback" ("created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "chat_message_feedback_user_idx" ON "chat_message_feedback" ("user_id")`,
    );
    await queryRunner.query(`ALTER TABLE "chat_messages" ADD COLUMN "follow_ups" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" DROP COLUMN "follow_ups"`);
    await queryRunner.query(`DROP TABLE "chat_message_feedback"`);
  }
}
