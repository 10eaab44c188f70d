import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The second factor's lock (backend/src/auth/two-factor/two-factor-lock.ts): wrong codes counted
 * per account from every address (`failed_attempts`), the lock they set (`locked_until`), and the
 * hash of the one-time unlock link e-mailed to the owner (`unlock_token_hash`).
 */
export class TwoFactorLock1795816139492 implements MigrationInterface {
  name = 'TwoFactorLock1795816139492';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_two_factor"
         ADD COLUMN "failed_attempts" integer NOT NULL DEFAULT 0,
         ADD COLUMN "locked_until" timestamptz,
         ADD COLUMN "unlock_token_hash" text`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "user_two_factor_unlock_token_key" ON "user_two_factor" ("unlock_token_hash")
       WHERE "unlock_token_hash" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "user_two_factor_unlock_token_key"`);
    await queryRunner.query(
      `ALTER TABLE "user_two_factor" DROP COLUMN "failed_attempts", DROP COLUMN "locked_until", DROP COLUMN "unlock_token_hash"`,
    );
  }
}
