import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user's farm (backend/src/farm, Account → My farm): one row per user who saved one, deleted
 * with the account (ON DELETE CASCADE, as notification_preferences). The primary key is the
 * user's id, so the chat's read on every send is one index look-up. Coordinates are kept rounded
 * to two decimals (about 1 km): the columns' scale holds no more. The checks repeat the API's
 * rules so no other writer can store what the API would refuse.
 */
export class FarmProfiles1795816560000 implements MigrationInterface {
  name = 'FarmProfiles1795816560000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "farm_profiles" (
        "user_id" uuid PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "place" text CHECK (char_length("place") <= 120),
        "country" char(2) CHECK ("country" ~ '^[A-Z]{2}$'),
        "latitude" numeric(5, 2) CHECK ("latitude" BETWEEN -90 AND 90),
        "longitude" numeric(6, 2) CHECK ("longitude" BETWEEN -180 AND 180),
        "crops" text[] NOT NULL DEFAULT '{}',
        "other_crops" text CHECK (char_length("other_crops") <= 120),
        "livestock" text[] NOT NULL DEFAULT '{}',
        "other_livestock" text CHECK (char_length("other_livestock") <= 120),
        "size" numeric CHECK ("size" > 0 AND "size" <= 100000),
        "size_unit" varchar(16) CHECK ("size_unit" IN ('hectares', 'acres', 'square-metres')),
        "languages" text[] NOT NULL DEFAULT '{}' CHECK (cardinality("languages") <= 8),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "farm_profiles_coordinates_paired" CHECK (("latitude" IS NULL) = ("longitude" IS NULL)),
        CONSTRAINT "farm_profiles_size_paired" CHECK (("size" IS NULL) = ("size_unit" IS NULL))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "farm_profiles"`);
  }
}
