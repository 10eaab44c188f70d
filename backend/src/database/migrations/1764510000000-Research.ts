import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Research (backend/src/enhancements/research): each finished research is kept for its owner
 * (listed, and searched as local knowledge through the generated `search_vector`, 'simple'
 * configuration because research is asked in many languages; the query weighs as a title), and
 * the progress of a research being run, per client request id, so the composer can follow it
 * whichever queue backend runs the job. Progress rows are short-lived (pruned after a day).
 */
export class Research1764510000000 implements MigrationInterface {
  name = 'Research1764510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "research_results" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "conversation_id" uuid REFERENCES "conversations" ("id") ON DELETE SET NULL,
        "query" text NOT NULL,
        "summary" text NOT NULL,
        "sources" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "mode" varchar(8) NOT NULL CHECK ("mode" IN ('web', 'offline')),
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "search_vector" tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', "query"), 'B') || to_tsvector('simple', "summary")
        ) STORED
      )`);
    await queryRunner.query(
      `CREATE INDEX "research_results_user_created_idx" ON "research_results" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "research_results_search_idx" ON "research_results" USING gin ("search_vector")`,
    );
    await queryRunner.query(`
      CREATE TABLE "research_progress" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "request_id" uuid NOT NULL,
        "stage" varchar(16) NOT NULL
          CHECK ("stage" IN ('queued', 'searching', 'fetching', 'summarising', 'done', 'failed')),
        "percent" smallint NOT NULL DEFAULT 0 CHECK ("percent" BETWEEN 0 AND 100),
        "updated_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY ("user_id", "request_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "research_progress_updated_idx" ON "research_progress" ("updated_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "research_progress"`);
    await queryRunner.query(`DROP TABLE "research_results"`);
  }
}
