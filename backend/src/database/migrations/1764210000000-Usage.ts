import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quotas (docs/product.md#plans-and-limits): the plan table (the only truth for prices and limits;
 * -1 = unlimited, voice in seconds) and one usage counter per user, calendar month (UTC, stored
 * as its first day) and feature.
 */
export class Usage1764210000000 implements MigrationInterface {
  name = 'Usage1764210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "plans" (
        "id" varchar(16) PRIMARY KEY CHECK ("id" IN ('BASIC_PLAN', 'PRO_PLAN')),
        "name" varchar(40) NOT NULL,
        "price" numeric(10, 2) NOT NULL CHECK ("price" >= 0),
        "price_xaf" integer NOT NULL CHECK ("price_xaf" >= 0),
        "messages_per_month" integer NOT NULL CHECK ("messages_per_month" >= -1),
        "media_generations_per_month" integer NOT NULL CHECK ("media_generations_per_month" >= -1),
        "voice_seconds_per_month" integer NOT NULL CHECK ("voice_seconds_per_month" >= -1),
        "audio_uploads_per_month" integer NOT NULL CHECK ("audio_uploads_per_month" >= -1),
        "web_searches_per_month" integer NOT NULL CHECK ("web_searches_per_month" >= -1)
      )`);
    await queryRunner.query(`
      INSERT INTO "plans" ("id", "name", "price", "price_xaf", "messages_per_month",
        "media_generations_per_month", "voice_seconds_per_month", "audio_uploads_per_month",
        "web_searches_per_month")
      VALUES
        ('BASIC_PLAN', 'Basic', 0, 0, 50, 5, 600, 5, 20),
        ('PRO_PLAN', 'Pro', 4, 2500, 2000, 200, 18000, 500, -1)`);
    await queryRunner.query(`
      CREATE TABLE "usage_counters" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "period" date NOT NULL CHECK (extract(day FROM "period") = 1),
        "feature" varchar(32) NOT NULL CHECK ("feature" IN ('messagesPerMonth', 'mediaGenerationsPerMonth',
          'voiceMinutesPerMonth', 'audioUploadsPerMonth', 'webSearchesPerMonth')),
        "used" integer NOT NULL DEFAULT 0 CHECK ("used" >= 0),
        PRIMARY KEY ("user_id", "period", "feature")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "usage_counters"`);
    await queryRunner.query(`DROP TABLE "plans"`);
  }
}
