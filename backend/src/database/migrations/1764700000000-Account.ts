import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account page (docs/architecture.md#account):
 * - `users.password_changed_at`: the Security tab's real 'last changed' date;
 * - `user_two_factor` and `two_factor_backup_codes`: TOTP sign-in (secrets encrypted with a key
 *   derived from JWT_SECRET, backup codes stored as HMACs, each usable once);
 * - `notification_preferences` and `notification_deliveries`: which e-mails a user wants, and
 *   which were sent (each alert once);
 * - `payment_records`: one row per payment made or refused, the billing history. They outlive
 *   the account (accounting law): deleting a user sets `user_id` to null and stamps `anonymised_at`;
 * - `account_exports`: the data-export jobs and their ZIPs (bytes in FILES_STORAGE).
 */
export class Account1764700000000 implements MigrationInterface {
  name = 'Account1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamptz`);
    await queryRunner.query(`UPDATE "users" SET "password_changed_at" = "created_at"`);
    await queryRunner.query(
      `ALTER TABLE "users" ALTER COLUMN "password_changed_at" SET DEFAULT now(), ALTER COLUMN "password_changed_at" SET NOT NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE "user_two_factor" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "secret_encrypted" text,
        "enabled_at" timestamptz,
        "pending_secret_encrypted" text,
        "pending_created_at" timestamptz,
        "last_used_step" bigint,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CHECK ("enabled_at" IS NULL OR "secret_encrypted" IS NOT NULL)
      )`);
    await queryRunner.query(`
      CREATE TABLE "two_factor_backup_codes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "code_hash" varchar(64) NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("user_id", "code_hash")
      )`);

    await queryRunner.query(`
      CREATE TABLE "notification_preferences" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "usage_alerts" boolean NOT NULL DEFAULT true,
        "pro_ending" boolean NOT NULL DEFAULT true,
        "product_news" boolean NOT NULL DEFAULT false,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "notification_deliveries" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "topic" varchar(32) NOT NULL,
        "key" varchar(120) NOT NULL,
        "sent_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "topic", "key")
      )`);

    await queryRunner.query(`
      CREATE TABLE "payment_records" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "subscription_id" uuid REFERENCES "subscriptions" ("id") ON DELETE SET NULL,
        "method" varchar(16) NOT NULL CHECK ("method" IN ('card', 'mobile_money')),
        "provider" varchar(16) NOT NULL CHECK ("provider" IN ('stripe', 'flutterwave', 'sandbox')),
        "provider_ref" varchar(255) NOT NULL,
        "amount_minor" bigint NOT NULL CHECK ("amount_minor" >= 0),
        "currency" varchar(3) NOT NULL,
        "status" varchar(16) NOT NULL CHECK ("status" IN ('paid', 'failed', 'refunded')),
        "period_start" timestamptz,
        "period_end" timestamptz,
        "paid_at" timestamptz NOT NULL,
        "anonymised_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "payment_records_provider_ref_key" ON "payment_records" ("provider", "provider_ref")`,
    );
    await queryRunner.query(
      `CREATE INDEX "payment_records_user_paid_idx" ON "payment_records" ("user_id", "paid_at" DESC) WHERE "user_id" IS NOT NULL`,
    );
    // Payments made before this table: one record per subscription that was ever paid, at the
    // plan's price (card USD 4.00, mobile money XAF 2,500), covering the period it granted.
    await queryRunner.query(`
      INSERT INTO "payment_records"
        ("user_id", "subscription_id", "method", "provider", "provider_ref", "amount_minor", "currency",
         "status", "period_start", "period_end", "paid_at")
      SELECT s."user_id", s."id", s."method", s."provider", 'subscription:' || s."provider_ref",
             CASE WHEN s."method" = 'card' THEN 400 ELSE 2500 END,
             CASE WHEN s."method" = 'card' THEN 'USD' ELSE 'XAF' END,
             'paid', s."created_at", s."current_period_end", s."created_at"
      FROM "subscriptions" s
      WHERE s."status" IN ('active', 'canceled') AND s."current_period_end" IS NOT NULL
      ON CONFLICT DO NOTHING`);

    await queryRunner.query(`
      CREATE TABLE "account_exports" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "status" varchar(16) NOT NULL CHECK ("status" IN ('queued', 'running', 'completed', 'failed', 'expired')),
        "progress" integer NOT NULL DEFAULT 0 CHECK ("progress" BETWEEN 0 AND 100),
        "cookie_session_id" varchar(64),
        "storage_key" varchar(200),
        "size_bytes" bigint,
        "error_code" varchar(64),
        "error_message" text,
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "started_at" timestamptz,
        "completed_at" timestamptz,
        "expires_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "account_exports_user_created_idx" ON "account_exports" ("user_id", "created_at" DESC)`,
    );
    // At most one export in progress per user: a second request joins it (EXPORT_REUSE_SECONDS).
    await queryRunner.query(
      `CREATE UNIQUE INDEX "account_exports_one_active_key" ON "account_exports" ("user_id") WHERE "status" IN ('queued', 'running')`,
    );
    await queryRunner.query(
      `CREATE INDEX "account_exports_expiry_idx" ON "account_exports" ("expires_at") WHERE "status" = 'completed'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "account_exports"`);
    await queryRunner.query(`DROP TABLE "payment_records"`);
    await queryRunner.query(`DROP TABLE "notification_deliveries"`);
    await queryRunner.query(`DROP TABLE "notification_preferences"`);
    await queryRunner.query(`DROP TABLE "two_factor_backup_codes"`);
    await queryRunner.query(`DROP TABLE "user_two_factor"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "password_changed_at"`);
  }
}
