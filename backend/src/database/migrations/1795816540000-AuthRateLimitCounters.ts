import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in and reset attempt counters when there is no Redis (auth/rate-limit.service.ts): every
 * API process (API_PROCESSES, backend/src/cluster/) and every instance on this database counts in
 * the same row, so a limit holds whichever process answers. One row per limit and key; rows whose
 * window and block have both ended are deleted periodically (expires_at index).
 */
export class AuthRateLimitCounters1795816540000 implements MigrationInterface {
  name = 'AuthRateLimitCounters1795816540000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth_rate_limit_counters" (
        "key" text PRIMARY KEY,
        "hits" integer NOT NULL,
        "window_ends_at" timestamptz NOT NULL,
        "blocked_until" timestamptz,
        "expires_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "auth_rate_limit_counters_expires_at" ON "auth_rate_limit_counters" ("expires_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth_rate_limit_counters"`);
  }
}
