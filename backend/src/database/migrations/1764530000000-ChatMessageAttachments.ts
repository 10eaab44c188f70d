import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which uploads and canvases a user message was sent with, in the order sent. Name and type are
 * copied so a message still says what was attached after the upload or canvas is gone; the file
 * link then goes (SET NULL) and the message shows the name without a link.
 */
export class ChatMessageAttachments1764530000000 implements MigrationInterface {
  name = 'ChatMessageAttachments1764530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "chat_message_attachments" (
         "message_id" uuid NOT NULL REFERENCES "chat_messages" ("id") ON DELETE CASCADE,
         "position" smallint NOT NULL,
         "type" varchar(16) NOT NULL CHECK ("type" IN ('upload', 'canvas')),
         "ref_id" uuid NOT NULL,
         "name" varchar(255) NOT NULL,
         "mime_type" varchar(100) NOT NULL,
         "file_id" uuid REFERENCES "files" ("id") ON DELETE SET NULL,
         PRIMARY KEY ("message_id", "position")
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX "chat_message_attachments_file_id" ON "chat_message_attachments" ("file_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "chat_message_attachments"`);
  }
}
