import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotent chat sends: the `Idempotency-Key` a client sends with POST /api/chat,
 * per user, with what that send created. The primary key decides between concurrent duplicates:
 * the second insert waits for the first transaction and then finds the row. The request's hash
 * tells a retry (same body) from a reused key (another body). Rows go with the conversation or
 * the user, and after 24 hours (ChatSendKeysCleanup).
 */
export class ChatSendKeys1764720000000 implements MigrationInterface {
  name = 'ChatSendKeys1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "chat_send_keys" (
         "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
         "key" uuid NOT NULL,
         "request_hash" char(64) NOT NULL,
         "conversation_id" uuid REFERENCES "conversations" ("id") ON DELETE CASCADE,
         "user_message_id" uuid,
         "assistant_message_id" uuid,
         "created_at" timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY ("user_id", "key")
       )`,
    );
    await queryRunner.query(`CREATE INDEX "chat_send_keys_created_at" ON "chat_send_keys" ("created_at")`);
    await queryRunner.query(
      `CREATE INDEX "chat_send_keys_conversation_id" ON "chat_send_keys" ("conversation_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "chat_send_keys"`);
  }
}
