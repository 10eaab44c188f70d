import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations become trees (docs/architecture.md "Versions and branches"):
 * - chat_messages.parent_id: the message this one answers or follows; NULL for a first message.
 *   A regenerated reply is a sibling of the reply it replaces (same parent), an edited question a
 *   sibling of the question it replaces. Deleting a message deletes the branch below it.
 * - chat_messages.model: the chat model that wrote a reply (NULL on user messages and on replies
 *   written before models could be chosen).
 * - conversations.current_message_id: the leaf the conversation shows; the shown messages are the
 *   path from the root down to it. ON DELETE SET NULL rather than no key: a dangling id would
 *   show an empty conversation, while NULL makes the readers fall back to the newest message.
 * - conversations.model: the model chosen for the conversation, reused by its next sends.
 * Existing conversations were straight lines: each message's parent is the message before it
 * (by created_at, id), and the shown leaf is the last one.
 */
export class ChatMessageTree1795816500000 implements MigrationInterface {
  name = 'ChatMessageTree1795816500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "chat_messages"
         ADD COLUMN "parent_id" uuid REFERENCES "chat_messages" ("id") ON DELETE CASCADE,
         ADD COLUMN "model" varchar(200)`,
    );
    await queryRunner.query(
      `ALTER TABLE "conversations"
         ADD COLUMN "current_message_id" uuid REFERENCES "chat_messages" ("id") ON DELETE SET NULL,
         ADD COLUMN "model" varchar(200)`,
    );
    await queryRunner.query(
      `UPDATE "chat_messages" m SET "parent_id" = ordered.previous_id
         FROM (
           SELECT "id", LAG("id") OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS previous_id
             FROM "chat_messages"
         ) ordered
        WHERE ordered."id" = m."id" AND ordered.previous_id IS NOT NULL`,
    );
    await queryRunner.query(
      `UPDATE "conversations" c SET "current_message_id" = (
         SELECT m."id" FROM "chat_messages" m
          WHERE m."conversation_id" = c."id"
          ORDER BY m."created_at" DESC, m."id" DESC
          LIMIT 1
       )`,
    );
    // Children and siblings of a message: the versions of a turn, the newest child when showing a
    // version, and the ON DELETE CASCADE of parent_id.
    await queryRunner.query(
      `CREATE INDEX "chat_messages_conversation_parent_idx"
         ON "chat_messages" ("conversation_id", "parent_id", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "chat_messages_parent_idx" ON "chat_messages" ("parent_id")`);
    await queryRunner.query(
      `CREATE INDEX "conversations_current_message_idx" ON "conversations" ("current_message_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "conversations" DROP COLUMN "current_message_id", DROP COLUMN "model"`,
    );
    await queryRunner.query(`ALTER TABLE "chat_messages" DROP COLUMN "parent_id", DROP COLUMN "model"`);
  }
}
