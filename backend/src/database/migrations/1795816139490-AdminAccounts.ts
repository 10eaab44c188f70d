import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * users.admin_name: the ADMIN_USERNAMES name an account was bound to when the API first saw it
 * holding that name (backend/src/auth/admins.ts). Administrator rights follow this binding, so
 * they stay with the account through a rename, and the name it gave up makes nobody else an
 * administrator. Unique: one account per name.
 */
export class AdminAccounts1795816139490 implements MigrationInterface {
  name = 'AdminAccounts1795816139490';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "admin_name" text`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_admin_name_key" ON "users" ("admin_name") WHERE "admin_name" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "users_admin_name_key"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "admin_name"`);
  }
}
