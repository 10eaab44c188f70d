import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message's image and audio are files of our own storage, named by id: their links are signed
 * when the messages are read (a stored URL would expire, or outlive the file). The URL columns
 * never held anything (no feature wrote them before files existed), so they go.
 */
export class ChatMessageFiles1764410000000 implements MigrationInterface {
  name = 'ChatMessageFiles1764410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "chat_messages"
         ADD COLUMN "media_file_id" uuid REFERENCES "files" ("id") ON DELETE SET NULL,
         ADD COLUMN "audio_file_id" uuid REFERENCES "files" ("id") ON DELETE SET NULL,
         DROP COLUMN "media_url",
         DROP COLUMN "audio_url"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "chat_messages"
         DROP COLUMN "media_file_id",
         DROP COLUMN "audio_file_id",
         ADD COLUMN "media_url" text,
         ADD COLUMN "audio_url" text`,
    );
  }
}
