import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Paid Pro periods (Stripe subscriptions and mobile-money passes); entitlement is read from them. */
export class Subscriptions1764200000000 implements MigrationInterface {
  name = 'Subscriptions1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "subscriptions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "plan" varchar(16) NOT NULL CHECK ("plan" IN ('BASIC_PLAN', 'PRO_PLAN')),
        "method" varchar(16) NOT NULL CHECK ("method" IN ('card', 'mobile_money')),
        "provider" varchar(16) NOT NULL CHECK ("provider" IN ('stripe', 'flutterwave', 'sandbox')),
        "provider_ref" varchar(255) NOT NULL,
        "status" varchar(16) NOT NULL CHECK ("status" IN ('pending', 'active', 'canceled', 'failed')),
        "current_period_end" timestamptz,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "subscriptions_provider_ref_key" ON "subscriptions" ("provider", "provider_ref")`,
    );
    await queryRunner.query(
      `CREATE INDEX "subscriptions_user_active_idx" ON "subscriptions" ("user_id", "current_period_end" DESC) WHERE "status" = 'active'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "subscriptions"`);
  }
}
