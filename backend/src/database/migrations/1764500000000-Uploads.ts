import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded documents (backend/src/enhancements/uploads): the record the chat attaches, its
 * extraction state, and its text cut into passages. Passages (not one text column) because a
 * 100-page PDF passes PostgreSQL's 1 MB tsvector limit, and because the chat sends the most
 * relevant passages of a long document rather than its start. Full-text search uses the 'simple'
 * configuration (documents come in many languages), plus trigrams on the file name.
 */
export class Uploads1764500000000 implements MigrationInterface {
  name = 'Uploads1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE "uploads" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "conversation_id" uuid REFERENCES "conversations" ("id") ON DELETE SET NULL,
        "file_id" uuid NOT NULL REFERENCES "files" ("id") ON DELETE CASCADE,
        "original_name" varchar(255) NOT NULL,
        "size" bigint NOT NULL CHECK ("size" >= 0),
        "mime_type" varchar(100) NOT NULL,
        "origin" varchar(16) NOT NULL DEFAULT 'device' CHECK ("origin" IN ('device', 'google-drive')),
        "extraction_status" varchar(16) NOT NULL DEFAULT 'pending'
          CHECK ("extraction_status" IN ('pending', 'running', 'done', 'failed')),
        "extraction_progress" smallint NOT NULL DEFAULT 0 CHECK ("extraction_progress" BETWEEN 0 AND 100),
        "extraction_method" varchar(8),
        "extraction_error" text,
        "extraction_error_code" varchar(64),
        "characters" integer,
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(
      `CREATE INDEX "uploads_user_created_idx" ON "uploads" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "uploads_name_trgm_idx" ON "uploads" USING gin ("original_name" gin_trgm_ops)`,
    );
    await queryRunner.query(`
      CREATE TABLE "upload_passages" (
        "upload_id" uuid NOT NULL REFERENCES "uploads" ("id") ON DELETE CASCADE,
        "ordinal" integer NOT NULL CHECK ("ordinal" >= 0),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "content" text NOT NULL,
        "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "content")) STORED,
        PRIMARY KEY ("upload_id", "ordinal")
      )`);
    await queryRunner.query(
      `CREATE INDEX "upload_passages_search_idx" ON "upload_passages" USING gin ("search_vector")`,
    );
    await queryRunner.query(`CREATE INDEX "upload_passages_user_idx" ON "upload_passages" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "upload_passages"`);
    await queryRunner.query(`DROP TABLE "uploads"`);
  }
}
