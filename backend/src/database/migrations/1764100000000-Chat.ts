import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chat: conversations and their messages. A message's `search_vector` is generated from its text
 * once it is no longer streaming (a reply being written is saved every half second: indexing each
 * partial text would cost more than the rest of the stream)
 * (the 'simple' configuration: no stemming, so French, English, Pidgin and local languages are
 * all searched word for word). Assistant replies are written while they stream: `status` says
 * where a reply stands and `stop_requested` lets any instance stop a reply another one writes.
 */
export class Chat1764100000000 implements MigrationInterface {
  name = 'Chat1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "conversations" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "title" varchar(120) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "updated_at" timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(
      `CREATE INDEX "conversations_user_updated_idx" ON "conversations" ("user_id", "updated_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "chat_messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "conversation_id" uuid NOT NULL REFERENCES "conversations" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "role" varchar(16) NOT NULL CHECK ("role" IN ('user', 'assistant')),
        "content" text NOT NULL DEFAULT '',
        "status" varchar(16) NOT NULL DEFAULT 'complete'
          CHECK ("status" IN ('complete', 'streaming', 'stopped', 'failed')),
        "error" text,
        "media_url" text,
        "media_type" varchar(16) CHECK ("media_type" IN ('image')),
        "audio_url" text,
        "transcription" text,
        "stop_requested" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "updated_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "search_vector" tsvector GENERATED ALWAYS AS (
          CASE WHEN "status" = 'streaming' THEN NULL ELSE to_tsvector('simple', "content") END
        ) STORED
      )`);
    await queryRunner.query(
      `CREATE INDEX "chat_messages_conversation_created_idx" ON "chat_messages" ("conversation_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING GIN ("search_vector")`,
    );
    await queryRunner.query(`CREATE INDEX "chat_messages_user_idx" ON "chat_messages" ("user_id")`);
    // Replies being written: few rows, read by the conversation list and the interrupted-reply sweep.
    await queryRunner.query(
      `CREATE INDEX "chat_messages_streaming_idx" ON "chat_messages" ("conversation_id", "updated_at")
       WHERE "status" = 'streaming'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "chat_messages"`);
    await queryRunner.query(`DROP TABLE "conversations"`);
  }
}
