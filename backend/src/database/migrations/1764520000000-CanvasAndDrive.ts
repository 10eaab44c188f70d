import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved canvases and Google Drive connections (backend/src/enhancements/canvas, google-drive).
 *
 * - `files.kind` gains 'canvas': a canvas's PNG is a stored file like any other, so deleting a
 *   conversation or an account removes it through the files module.
 * - `canvas_saves`: the title and size of each saved drawing; its bytes are `file_id`.
 * - `google_drive_tokens`: one Drive grant per user, access and refresh tokens encrypted
 *   (AES-256-GCM, google-drive/token-cipher.ts): a database dump alone opens nobody's Drive.
 * - `google_drive_oauth_states`: the nonce of each consent popup, deleted when the callback uses
 *   it, so a `state` works once even within its 10 minutes.
 */
export class CanvasAndDrive1764520000000 implements MigrationInterface {
  name = 'CanvasAndDrive1764520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "files" DROP CONSTRAINT "files_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "files" ADD CONSTRAINT "files_kind_check"
         CHECK ("kind" IN ('image', 'audio', 'recording', 'upload', 'canvas'))`,
    );
    await queryRunner.query(`
      CREATE TABLE "canvas_saves" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "conversation_id" uuid REFERENCES "conversations" ("id") ON DELETE SET NULL,
        "file_id" uuid NOT NULL REFERENCES "files" ("id") ON DELETE CASCADE,
        "title" varchar(120) NOT NULL,
        "width" integer NOT NULL CHECK ("width" BETWEEN 200 AND 2000),
        "height" integer NOT NULL CHECK ("height" BETWEEN 200 AND 1500),
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(
      `CREATE INDEX "canvas_saves_user_created_idx" ON "canvas_saves" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "google_drive_tokens" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "access_token_encrypted" text NOT NULL,
        "refresh_token_encrypted" text,
        "expires_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(`
      CREATE TABLE "google_drive_oauth_states" (
        "nonce" varchar(64) PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "expires_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "google_drive_oauth_states_user_idx" ON "google_drive_oauth_states" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "google_drive_oauth_states"`);
    await queryRunner.query(`DROP TABLE "google_drive_tokens"`);
    await queryRunner.query(`DROP TABLE "canvas_saves"`);
    await queryRunner.query(`DELETE FROM "files" WHERE "kind" = 'canvas'`);
    await queryRunner.query(`ALTER TABLE "files" DROP CONSTRAINT "files_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "files" ADD CONSTRAINT "files_kind_check"
         CHECK ("kind" IN ('image', 'audio', 'recording', 'upload'))`,
    );
  }
}
