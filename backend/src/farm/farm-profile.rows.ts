import {
  FARM_CROPS,
  FARM_LIVESTOCK,
  FARM_SIZE_UNITS,
  type FarmCrop,
  type FarmLivestock,
  type FarmProfile,
  type FarmSizeUnit,
} from '@kasa/contracts';

/** A row of farm_profiles as the repository reads it (numeric columns arrive as text). */
export interface FarmProfileRow {
  place: string | null;
  country: string | null;
  latitude: string | null;
  longitude: string | null;
  crops: string[];
  other_crops: string | null;
  livestock: string[];
  other_livestock: string | null;
  size: string | null;
  size_unit: string | null;
  languages: string[];
  updated_at: Date;
}

export { emptyFarmProfile } from '@kasa/contracts';

const isCrop = (value: string): value is FarmCrop => (FARM_CROPS as readonly string[]).includes(value);
const isLivestock = (value: string): value is FarmLivestock =>
  (FARM_LIVESTOCK as readonly string[]).includes(value);
const isSizeUnit = (value: string | null): value is FarmSizeUnit =>
  value !== null && (FARM_SIZE_UNITS as readonly string[]).includes(value);
const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/**
 * The profile of a stored row. A choice no longer offered (a crop dropped from FARM_CROPS) is left
 * out rather than answered as a value the contract does not know.
 */
export function toFarmProfile(row: FarmProfileRow): FarmProfile {
  const sizeUnit = isSizeUnit(row.size_unit) ? row.size_unit : null;
  return {
    place: row.place,
    country: row.country,
    latitude: numberOrNull(row.latitude),
    longitude: numberOrNull(row.longitude),
    crops: row.crops.filter(isCrop),
    otherCrops: row.other_crops,
    livestock: row.livestock.filter(isLivestock),
    otherLivestock: row.other_livestock,
    size: sizeUnit ? numberOrNull(row.size) : null,
    sizeUnit,
    languages: row.languages,
    updatedAt: row.updated_at.toISOString(),
  };
}
