import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lease of the instance writing a reply (docs/operations.md#replies-whose-writer-stops): the
 * writer pushes `lease_until` forward every couple of seconds while the reply is 'streaming'; a
 * reply whose lease lapsed has no live writer, and another instance ends it from what the reply bus
 * published. NULL on replies started before leases (they keep the two-minute rule). The partial
 * index keeps the sweep every instance runs each couple of seconds to the replies being written.
 */
export class ChatReplyLease1795816425000 implements MigrationInterface {
  name = 'ChatReplyLease1795816425000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" ADD COLUMN "lease_until" timestamptz`);
    await queryRunner.query(
      `CREATE INDEX "chat_messages_streaming_lease_idx" ON "chat_messages" ("lease_until")
        WHERE "status" = 'streaming'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "chat_messages_streaming_lease_idx"`);
    await queryRunner.query(`ALTER TABLE "chat_messages" DROP COLUMN "lease_until"`);
  }
}
