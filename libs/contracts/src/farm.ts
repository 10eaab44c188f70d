/**
 * The user's farm (Account → My farm): where it is, what grows and lives on it, its size and the
 * languages the user speaks. The chat's prompt carries it as a short context block, the forecast
 * card reads its location; it is part of the account's export and deleted with the account.
 *
 *   GET /api/farm/profile   → FarmProfile (every field null or empty before the first save)
 *   PUT /api/farm/profile   UpdateFarmProfileRequest → FarmProfile (replaces the whole profile)
 *   DELETE /api/farm/profile → 204 (forgets it; GET answers the empty profile again)
 */
export const FARM_PROFILE_PATH = '/api/farm/profile';

/** Crops offered as choices (their English and French names are the UI's); others go in `otherCrops`. */
export const FARM_CROPS = [
  'maize',
  'cassava',
  'rice',
  'sorghum',
  'millet',
  'wheat',
  'beans',
  'cowpea',
  'groundnut',
  'soybean',
  'yam',
  'cocoyam',
  'sweet-potato',
  'potato',
  'plantain',
  'banana',
  'tomato',
  'onion',
  'pepper',
  'okra',
  'cabbage',
  'leafy-vegetables',
  'cocoa',
  'coffee',
  'tea',
  'oil-palm',
  'cotton',
  'sesame',
  'cashew',
  'mango',
] as const;
export type FarmCrop = (typeof FARM_CROPS)[number];

/** Livestock offered as choices; others go in `otherLivestock`. */
export const FARM_LIVESTOCK = [
  'cattle',
  'goats',
  'sheep',
  'pigs',
  'poultry',
  'fish',
  'bees',
  'rabbits',
] as const;
export type FarmLivestock = (typeof FARM_LIVESTOCK)[number];

export const FARM_SIZE_UNITS = ['hectares', 'acres', 'square-metres'] as const;
export type FarmSizeUnit = (typeof FARM_SIZE_UNITS)[number];

/** Longest place name and longest free-text list ("other crops"), in characters. */
export const FARM_TEXT_MAX_LENGTH = 120;
/** The largest farm size accepted, in any unit. */
export const FARM_SIZE_MAX = 100_000;
/** At most this many languages. */
export const FARM_LANGUAGES_MAX = 8;
/**
 * Coordinates are stored rounded to this many decimals (0.01° ≈ 1 km): enough for a forecast,
 * not enough to find a house.
 */
export const FARM_COORDINATE_DECIMALS = 2;

export interface FarmProfile {
  /** Village or town, as the user writes it. */
  place: string | null;
  /** ISO 3166-1 alpha-2 country code, upper case ('CM', 'NG'). */
  country: string | null;
  /** From the phone's location, only with the user's consent; rounded (FARM_COORDINATE_DECIMALS). */
  latitude: number | null;
  longitude: number | null;
  crops: FarmCrop[];
  /** Free text: crops not in the list, comma-separated as typed. */
  otherCrops: string | null;
  livestock: FarmLivestock[];
  otherLivestock: string | null;
  /** Farm size (> 0, at most FARM_SIZE_MAX) with its unit; both or neither. */
  size: number | null;
  sizeUnit: FarmSizeUnit | null;
  /** Languages the user speaks: ISO 639-1 or 639-3 codes, lower case ('en', 'fr', 'ha', 'bkm'). */
  languages: string[];
  /** When it was last saved; null before the first save. */
  updatedAt: string | null;
}

export type UpdateFarmProfileRequest = Omit<FarmProfile, 'updatedAt'>;

/** What GET answers before the first save and after DELETE (a new object each time). */
export function emptyFarmProfile(): FarmProfile {
  return {
    place: null,
    country: null,
    latitude: null,
    longitude: null,
    crops: [],
    otherCrops: null,
    livestock: [],
    otherLivestock: null,
    size: null,
    sizeUnit: null,
    languages: [],
    updatedAt: null,
  };
}
