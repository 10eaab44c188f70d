import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the payment providers need beside the subscriptions: each user's Stripe customer, the
 * provider events already applied (webhooks apply once), and the provider time of the last
 * subscription state (webhooks arrive out of order).
 */
export class BillingProviders1764220000010 implements MigrationInterface {
  name = 'BillingProviders1764220000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "stripe_customers" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "customer_id" varchar(255) NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "payment_events" (
        "provider" varchar(16) NOT NULL CHECK ("provider" IN ('stripe', 'flutterwave', 'sandbox')),
        "event_id" varchar(255) NOT NULL,
        "event_type" varchar(64) NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("provider", "event_id")
      )`);
    await queryRunner.query(`ALTER TABLE "subscriptions" ADD COLUMN "provider_state_at" timestamptz`);
    // Checkout looks for the user's pending subscription of one method before starting another.
    await queryRunner.query(
      `CREATE INDEX "subscriptions_user_pending_idx" ON "subscriptions" ("user_id", "method", "provider") WHERE "status" = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "subscriptions_user_pending_idx"`);
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP COLUMN "provider_state_at"`);
    await queryRunner.query(`DROP TABLE "payment_events"`);
    await queryRunner.query(`DROP TABLE "stripe_customers"`);
  }
}
