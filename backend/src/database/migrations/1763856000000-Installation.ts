import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * First migration: one row identifying this installation, created with the database. Later
 * migrations add each feature's tables.
 */
export class Installation1763856000000 implements MigrationInterface {
  name = 'Installation1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "installation" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`INSERT INTO "installation" DEFAULT VALUES`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "installation"`);
  }
}
