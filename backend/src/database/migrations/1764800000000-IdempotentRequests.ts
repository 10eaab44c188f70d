import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotent media and voice requests: the `Idempotency-Key` a client's outbox sends
 * with POST /api/media/generate and POST /api/voice/transcribe, per user and scope, with the
 * request's hash and, once done, what it produced. The primary key decides between concurrent
 * duplicates: one insert claims the key ('running'), the others wait for its result. Rows go with
 * the user, and after 24 hours (IdempotentRequestsCleanup).
 */
export class IdempotentRequests1764800000000 implements MigrationInterface {
  name = 'IdempotentRequests1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotent_requests" (
         "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
         "scope" text NOT NULL,
         "key" uuid NOT NULL,
         "request_hash" text NOT NULL,
         "status" text NOT NULL DEFAULT 'running' CHECK ("status" IN ('running', 'done')),
         "result" jsonb,
         "created_at" timestamptz NOT NULL DEFAULT now(),
         "updated_at" timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY ("user_id", "scope", "key")
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX "idempotent_requests_created_at" ON "idempotent_requests" ("created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "idempotent_requests"`);
  }
}
