import type { FarmCrop, FarmLivestock, FarmSizeUnit } from '@kasa/contracts';

/** The English names the model reads (the UI has its own, in English and French). */
export const CROP_NAMES: Record<FarmCrop, string> = {
  maize: 'maize',
  cassava: 'cassava',
  rice: 'rice',
  sorghum: 'sorghum',
  millet: 'millet',
  wheat: 'wheat',
  beans: 'beans',
  cowpea: 'cowpea',
  groundnut: 'groundnut',
  soybean: 'soybean',
  yam: 'yam',
  cocoyam: 'cocoyam',
  'sweet-potato': 'sweet potato',
  potato: 'potato',
  plantain: 'plantain',
  banana: 'banana',
  tomato: 'tomato',
  onion: 'onion',
  pepper: 'pepper',
  okra: 'okra',
  cabbage: 'cabbage',
  'leafy-vegetables': 'leafy vegetables',
  cocoa: 'cocoa',
  coffee: 'coffee',
  tea: 'tea',
  'oil-palm': 'oil palm',
  cotton: 'cotton',
  sesame: 'sesame',
  cashew: 'cashew',
  mango: 'mango',
};

export const LIVESTOCK_NAMES: Record<FarmLivestock, string> = {
  cattle: 'cattle',
  goats: 'goats',
  sheep: 'sheep',
  pigs: 'pigs',
  poultry: 'poultry',
  fish: 'fish',
  bees: 'bees',
  rabbits: 'rabbits',
};

/** A unit's name after a size of exactly 1, and after any other. */
export const SIZE_UNIT_NAMES: Record<FarmSizeUnit, { one: string; other: string }> = {
  hectares: { one: 'hectare', other: 'hectares' },
  acres: { one: 'acre', other: 'acres' },
  'square-metres': { one: 'square metre', other: 'square metres' },
};

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * A language code as the model reads it: 'English' for a two-letter code; a three-letter code's
 * name with the code, since many of those names are shared or little known ('Nigerian Pidgin
 * (pcm)'); the code alone when the runtime has no name for it.
 */
export function languageName(code: string): string {
  let name: string | undefined;
  try {
    name = LANGUAGE_NAMES.of(code);
  } catch {
    name = undefined;
  }
  if (!name || name === code) return code;
  return code.length === 2 ? name : `${name} (${code})`;
}
