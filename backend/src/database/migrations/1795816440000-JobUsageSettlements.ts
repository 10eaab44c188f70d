import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a job's usage reservation ended (docs/architecture.md#jobs): one row per job that carried
 * one, written by the same statement that corrects the counter, so a job that runs twice, or
 * whose worker and waiting request both try, settles once. `charged` is what the counter kept
 * of `reserved` (0: refunded).
 */
export class JobUsageSettlements1795816440000 implements MigrationInterface {
  name = 'JobUsageSettlements1795816440000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "job_usage_settlements" (
        "job_key" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "feature" varchar(32) NOT NULL,
        "period" date NOT NULL,
        "reserved" integer NOT NULL CHECK ("reserved" >= 0),
        "charged" integer NOT NULL CHECK ("charged" >= 0),
        "settled_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "job_usage_settlements_user_idx" ON "job_usage_settlements" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "job_usage_settlements_settled_at_idx" ON "job_usage_settlements" ("settled_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "job_usage_settlements"`);
  }
}
