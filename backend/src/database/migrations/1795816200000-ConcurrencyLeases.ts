import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-user concurrency slots (backend/src/concurrency-limits/postgres-lease-store.ts) when Redis is
 * not configured: a row per slot taken, numbered 0 to the cap - 1 for each user and kind of request,
 * held by one lease until it is released or its `expires_at` passes (its process died). The primary
 * key makes two requests taking the same slot at once impossible. Rows go with the user.
 */
export class ConcurrencyLeases1795816200000 implements MigrationInterface {
  name = 'ConcurrencyLeases1795816200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "concurrency_leases" (
         "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
         "kind" text NOT NULL,
         "slot" integer NOT NULL,
         "lease_id" uuid NOT NULL,
         "expires_at" timestamptz NOT NULL,
         PRIMARY KEY ("user_id", "kind", "slot")
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "concurrency_leases"`);
  }
}
