import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language tool's dictionary (backend/src/language-tool): the open lexicon (data/lexicon,
 * CC BY 4.0) imported language by language, and entries a chat model suggested (source 'AI'),
 * kept apart by `source_kind`.
 *
 * Look-up goes both ways, form → gloss and gloss → form, three ways each: exact (`form`,
 * `gloss_key`), accent- and case-insensitive (`form_key`, folded by the importer in JS because
 * unaccent() is not immutable), and near spellings (pg_trgm GIN indexes on both keys). The
 * generated `search_vector` makes the dictionary a knowledge source (gloss as English, form as is).
 *
 * `dictionary_languages` records which data each language was last imported from (a language
 * whose rows did not change is not re-imported); `dictionary_import_runs` is the progress of each
 * import, read by every client of POST …/populate, whichever process runs the job. At most one run
 * is queued or running at a time (partial unique index): a second request joins it.
 */
export class Dictionary1764600000000 implements MigrationInterface {
  name = 'Dictionary1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE "dictionary_entries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "language" varchar(16) NOT NULL,
        "form" text NOT NULL,
        "form_key" text NOT NULL,
        "gloss" text NOT NULL,
        "gloss_key" text NOT NULL,
        "source" text NOT NULL,
        "source_kind" varchar(24) NOT NULL
          CHECK ("source_kind" IN ('numerals', 'polyglottaafricana', 'asjp-v12', 'AI')),
        "part_of_speech" varchar(24),
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "search_vector" tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', "gloss"), 'B') || to_tsvector('simple', "form_key")
        ) STORED,
        CONSTRAINT "dictionary_entries_natural_key" UNIQUE ("language", "form", "gloss", "source")
      )`);
    await queryRunner.query(
      `CREATE INDEX "dictionary_entries_form_key_idx" ON "dictionary_entries" ("form_key", "language")`,
    );
    await queryRunner.query(
      `CREATE INDEX "dictionary_entries_gloss_key_idx" ON "dictionary_entries" ("gloss_key", "language")`,
    );
    await queryRunner.query(
      `CREATE INDEX "dictionary_entries_language_idx" ON "dictionary_entries" ("language", "source_kind")`,
    );
    await queryRunner.query(
      `CREATE INDEX "dictionary_entries_form_trgm_idx" ON "dictionary_entries" USING gin ("form_key" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "dictionary_entries_gloss_trgm_idx" ON "dictionary_entries" USING gin ("gloss_key" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "dictionary_entries_search_idx" ON "dictionary_entries" USING gin ("search_vector")`,
    );
    await queryRunner.query(`
      CREATE TABLE "dictionary_languages" (
        "code" varchar(16) PRIMARY KEY,
        "name" text NOT NULL,
        "data_version" char(64) NOT NULL,
        "entries" integer NOT NULL,
        "imported_at" timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(`
      CREATE TABLE "dictionary_import_runs" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "status" varchar(10) NOT NULL CHECK ("status" IN ('queued', 'running', 'complete', 'failed')),
        "trigger" varchar(8) NOT NULL CHECK ("trigger" IN ('auto', 'admin', 'cli')),
        "requested_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "data_version" char(64) NOT NULL,
        "total_languages" integer NOT NULL DEFAULT 0,
        "processed_languages" integer NOT NULL DEFAULT 0,
        "successful_languages" integer NOT NULL DEFAULT 0,
        "total_inserted" integer NOT NULL DEFAULT 0,
        "current_language" text,
        "results" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "resumes" integer NOT NULL DEFAULT 0,
        "error" text,
        "details" text,
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "started_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "finished_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "dictionary_import_runs_one_active_idx" ON "dictionary_import_runs" ((true))
        WHERE "status" IN ('queued', 'running')`,
    );
    await queryRunner.query(
      `CREATE INDEX "dictionary_import_runs_created_idx" ON "dictionary_import_runs" ("created_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "dictionary_import_runs"`);
    await queryRunner.query(`DROP TABLE "dictionary_languages"`);
    await queryRunner.query(`DROP TABLE "dictionary_entries"`);
  }
}
