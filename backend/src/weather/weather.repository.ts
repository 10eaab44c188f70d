import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { WeatherDay } from '@kasa/contracts';
import type { FoundPlace, RoundedLocation } from './weather-provider.port';

/** A location's forecast as kept in `weather_forecasts`. */
export interface StoredForecast extends RoundedLocation {
  timezone: string;
  days: WeatherDay[];
  fetchedAt: Date;
}

interface ForecastRow {
  latitude: string;
  longitude: string;
  timezone: string;
  days: WeatherDay[];
  fetched_at: Date;
}

interface PlaceRow {
  display_name: string;
  latitude: string;
  longitude: string;
}

/** numeric columns come back as text; the values are 0.01° steps, exact as numbers. */
function toStoredForecast(row: ForecastRow): StoredForecast {
  return {
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    timezone: row.timezone,
    days: row.days,
    fetchedAt: row.fetched_at,
  };
}

function toFoundPlace(row: PlaceRow): FoundPlace {
  return { displayName: row.display_name, latitude: Number(row.latitude), longitude: Number(row.longitude) };
}

/** The forecast and place caches (`weather_forecasts`, `weather_places`). */
@Injectable()
export class WeatherRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The location's forecast when it was fetched at `freshSince` or later. */
  async findFreshForecast(location: RoundedLocation, freshSince: Date): Promise<StoredForecast | null> {
    const rows = (await this.db.query(
      `SELECT "latitude", "longitude", "timezone", "days", "fetched_at" FROM "weather_forecasts"
       WHERE "latitude" = $1 AND "longitude" = $2 AND "fetched_at" >= $3`,
      [location.latitude, location.longitude, freshSince],
    )) as ForecastRow[];
    return rows.length ? toStoredForecast(rows[0]) : null;
  }

  async saveForecast(forecast: StoredForecast): Promise<void> {
    await this.db.query(
      `INSERT INTO "weather_forecasts" ("latitude", "longitude", "timezone", "days", "fetched_at")
       VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT ("latitude", "longitude")
       DO UPDATE SET "timezone" = EXCLUDED."timezone", "days" = EXCLUDED."days", "fetched_at" = EXCLUDED."fetched_at"`,
      [
        forecast.latitude,
        forecast.longitude,
        forecast.timezone,
        JSON.stringify(forecast.days),
        forecast.fetchedAt,
      ],
    );
  }

  /** The place found under `searchKey` at `freshSince` or later. */
  async findFreshPlace(searchKey: string, freshSince: Date): Promise<FoundPlace | null> {
    const rows = (await this.db.query(
      `SELECT "display_name", "latitude", "longitude" FROM "weather_places"
       WHERE "search_key" = $1 AND "fetched_at" >= $2`,
      [searchKey, freshSince],
    )) as PlaceRow[];
    return rows.length ? toFoundPlace(rows[0]) : null;
  }

  async savePlace(searchKey: string, place: FoundPlace, fetchedAt: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO "weather_places" ("search_key", "display_name", "latitude", "longitude", "fetched_at")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("search_key")
       DO UPDATE SET "display_name" = EXCLUDED."display_name", "latitude" = EXCLUDED."latitude",
         "longitude" = EXCLUDED."longitude", "fetched_at" = EXCLUDED."fetched_at"`,
      [searchKey, place.displayName, place.latitude, place.longitude, fetchedAt],
    );
  }
}
