import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * users.tokens_revoked_at: when the token version last changed (sign out everywhere, password
 * change or reset). Signed file and export links carry their issue time; one issued before this
 * instant is refused, like the tokens of that time.
 */
export class TokensRevokedAt1795816139491 implements MigrationInterface {
  name = 'TokensRevokedAt1795816139491';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "tokens_revoked_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "tokens_revoked_at"`);
  }
}
