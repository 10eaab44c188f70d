import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored files (images, speech, recordings, uploads): who owns each one and where its bytes are
 * (`storage_key` in FILES_STORAGE). Deleting a conversation deletes its files through the code
 * (backend/src/files), which removes the bytes first: the foreign key only sets the conversation
 * to null, so a row never disappears while its bytes stay behind unreferenced.
 */
export class Files1764400000000 implements MigrationInterface {
  name = 'Files1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "files" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "conversation_id" uuid REFERENCES "conversations" ("id") ON DELETE SET NULL,
        "kind" varchar(16) NOT NULL CHECK ("kind" IN ('image', 'audio', 'recording', 'upload')),
        "storage_key" varchar(200) NOT NULL UNIQUE,
        "content_type" varchar(100) NOT NULL,
        "size" bigint NOT NULL CHECK ("size" >= 0),
        "original_name" varchar(255),
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(
      `CREATE INDEX "files_user_created_idx" ON "files" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "files_conversation_idx" ON "files" ("conversation_id") WHERE "conversation_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "files"`);
  }
}
