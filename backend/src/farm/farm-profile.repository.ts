import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { FarmProfile } from '@kasa/contracts';
import { type PreparedStatement, queryPrepared } from '../common';
import type { StoredFarmProfile } from './farm-profile.rules';
import { type FarmProfileRow, toFarmProfile } from './farm-profile.rows';

const COLUMNS = `"place", "country", "latitude", "longitude", "crops", "other_crops", "livestock",
  "other_livestock", "size", "size_unit", "languages", "updated_at"`;

/** Read on every chat send: planned once per pooled connection. */
const FIND_PROFILE: PreparedStatement = {
  name: 'farm_profiles_find',
  text: `SELECT ${COLUMNS} FROM "farm_profiles" WHERE "user_id" = $1`,
};

/** farm_profiles: one row per user who saved a profile, keyed by the user's id. */
@Injectable()
export class FarmProfileRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's saved profile; null before the first save and after a delete. */
  async find(userId: string): Promise<FarmProfile | null> {
    const rows = await queryPrepared<FarmProfileRow>(this.dataSource, FIND_PROFILE, [userId]);
    return rows[0] ? toFarmProfile(rows[0]) : null;
  }

  /** Stores the whole profile, replacing the one saved before; answers it as stored. */
  async replace(userId: string, profile: StoredFarmProfile): Promise<FarmProfile> {
    const rows: FarmProfileRow[] = await this.dataSource.query(
      `INSERT INTO "farm_profiles" ("user_id", "place", "country", "latitude", "longitude", "crops",
         "other_crops", "livestock", "other_livestock", "size", "size_unit", "languages", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8::text[], $9, $10, $11, $12::text[], now())
       ON CONFLICT ("user_id") DO UPDATE
          SET "place" = EXCLUDED."place", "country" = EXCLUDED."country",
              "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude",
              "crops" = EXCLUDED."crops", "other_crops" = EXCLUDED."other_crops",
              "livestock" = EXCLUDED."livestock", "other_livestock" = EXCLUDED."other_livestock",
              "size" = EXCLUDED."size", "size_unit" = EXCLUDED."size_unit",
              "languages" = EXCLUDED."languages", "updated_at" = now()
       RETURNING ${COLUMNS}`,
      [
        userId,
        profile.place,
        profile.country,
        profile.latitude,
        profile.longitude,
        profile.crops,
        profile.otherCrops,
        profile.livestock,
        profile.otherLivestock,
        profile.size,
        profile.sizeUnit,
        profile.languages,
      ],
    );
    return toFarmProfile(rows[0]);
  }

  async delete(userId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "farm_profiles" WHERE "user_id" = $1`, [userId]);
  }
}
