import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts: users (username unique without regard to case), password-reset codes (hashed,
 * 15 minutes, 5 tries, single use) and the local mail outbox used when SMTP_URL is unset.
 */
export class Users1763910000000 implements MigrationInterface {
  name = 'Users1763910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" varchar(32) NOT NULL,
        "email" varchar(254),
        "password_hash" text NOT NULL,
        "token_version" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_lower_key" ON "users" (lower("username"))`);
    await queryRunner.query(`
      CREATE TABLE "password_reset_codes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "code_hash" varchar(64) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "password_reset_codes_user_idx" ON "password_reset_codes" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "mail_outbox" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "to" varchar(254) NOT NULL,
        "subject" text NOT NULL,
        "text" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" (lower("to"), "created_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "mail_outbox"`);
    await queryRunner.query(`DROP TABLE "password_reset_codes"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
