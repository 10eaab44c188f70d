import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Takeover of an idempotent request whose API instance died
 * (docs/architecture.md#idempotent-media-and-voice-requests): the request holding the claim
 * (`owner`, a token made per request; null on rows from before, which keep the old 15-minute
 * bound) renews `updated_at` every few seconds while it runs, and records in `progress` what a
 * successor needs to finish its work without doing it twice: the job's id before the job is
 * added, the job's result as soon as it finished.
 */
export class IdempotentRequestOwners1795816423000 implements MigrationInterface {
  name = 'IdempotentRequestOwners1795816423000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "idempotent_requests" ADD COLUMN "owner" uuid, ADD COLUMN "progress" jsonb`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotent_requests" DROP COLUMN "owner", DROP COLUMN "progress"`);
  }
}
