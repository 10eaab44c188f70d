import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shared links (backend/src/chat/sharing, libs/contracts/src/sharing.ts): a read-only snapshot of
 * one conversation, readable by anyone holding its unguessable id (128 random bits, base64url,
 * 22 characters).
 * - `snapshot`: the messages as they were when the link was made (content, status, the model's
 *   display name, file ids of images and recordings, attachment names). File ids, not links: the
 *   public read serves them through the share, and only while it lives.
 * - `conversation_id` cascades: deleting a conversation deletes its files, so its links must go
 *   with it (a link to a deleted conversation is a 404). Indexed for that cascade.
 * - `revoked_at`: a revoked link is a 404 at once; its snapshot is emptied (nothing shared is kept).
 * - (user_id, created_at DESC): the owner's list, newest first.
 */
export class ConversationShares1795816520000 implements MigrationInterface {
  name = 'ConversationShares1795816520000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "conversation_shares" (
         "id" varchar(22) PRIMARY KEY CHECK ("id" ~ '^[A-Za-z0-9_-]{22}$'),
         "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
         "conversation_id" uuid NOT NULL REFERENCES "conversations" ("id") ON DELETE CASCADE,
         "title" varchar(120) NOT NULL,
         "show_name" boolean NOT NULL DEFAULT false,
         "snapshot" jsonb NOT NULL,
         "message_count" integer NOT NULL CHECK ("message_count" >= 0),
         "created_at" timestamptz NOT NULL DEFAULT now(),
         "revoked_at" timestamptz
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX "conversation_shares_user_created_idx"
         ON "conversation_shares" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "conversation_shares_conversation_idx" ON "conversation_shares" ("conversation_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "conversation_shares"`);
  }
}
