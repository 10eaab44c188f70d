import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rain forecast's caches (backend/src/weather/), shared by every API process: one row per
 * location rounded to 0.01° (its days as the API answers them, kept 30 minutes), and one row per
 * place looked up by name (kept 30 days; a town does not move). Rows are replaced, never added
 * twice, so each table holds at most one row per place farmers asked about.
 */
export class WeatherForecasts1795816550000 implements MigrationInterface {
  name = 'WeatherForecasts1795816550000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "weather_forecasts" (
        "latitude" numeric(5, 2) NOT NULL CHECK ("latitude" BETWEEN -90 AND 90),
        "longitude" numeric(5, 2) NOT NULL CHECK ("longitude" BETWEEN -180 AND 180),
        "timezone" text NOT NULL,
        "days" jsonb NOT NULL,
        "fetched_at" timestamptz NOT NULL,
        PRIMARY KEY ("latitude", "longitude")
      )`);
    await queryRunner.query(`
      CREATE TABLE "weather_places" (
        "search_key" text PRIMARY KEY,
        "display_name" text NOT NULL,
        "latitude" numeric(5, 2) NOT NULL,
        "longitude" numeric(5, 2) NOT NULL,
        "fetched_at" timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "weather_places"`);
    await queryRunner.query(`DROP TABLE "weather_forecasts"`);
  }
}
