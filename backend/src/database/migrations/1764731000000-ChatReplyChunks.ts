import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Resumable replies without Redis: the chunks of replies being written, published by
 * the instance that writes each reply (a few records a second per reply, coalesced) so another
 * instance can replay and tail them (LISTEN/NOTIFY wakes it). `seq` orders a reply's records.
 * Short-lived rows: deleted five minutes after the reply's final record (PostgresReplyBus.cleanup);
 * no foreign key, so inserts stay cheap and a deleted conversation's rows simply expire.
 */
export class ChatReplyChunks1764731000000 implements MigrationInterface {
  name = 'ChatReplyChunks1764731000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "chat_reply_chunks" (
         "seq" bigserial PRIMARY KEY,
         "reply_id" uuid NOT NULL,
         "end_offset" integer NOT NULL,
         "text" text,
         "final" jsonb,
         "created_at" timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX "chat_reply_chunks_reply_seq" ON "chat_reply_chunks" ("reply_id", "seq")`,
    );
    await queryRunner.query(
      `CREATE INDEX "chat_reply_chunks_created_at" ON "chat_reply_chunks" ("created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "chat_reply_chunks_finished" ON "chat_reply_chunks" ("created_at") WHERE "final" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "chat_reply_chunks"`);
  }
}
