import {
  FARM_CROPS,
  FARM_SIZE_MAX,
  FARM_LIVESTOCK,
  type FarmCrop,
  type FarmLivestock,
  type FarmProfile,
  type FarmSizeUnit,
  type UpdateFarmProfileRequest,
} from '@kasa/contracts';

/** The form's fields as the inputs hold them (text stays text until saved). */
export interface FarmForm {
  place: string;
  /** '' while no country is chosen. */
  country: string;
  crops: FarmCrop[];
  otherCrops: string;
  livestock: FarmLivestock[];
  otherLivestock: string;
  size: string;
  sizeUnit: FarmSizeUnit;
  languages: string[];
}

export function formOf(profile: FarmProfile): FarmForm {
  return {
    place: profile.place ?? '',
    country: profile.country ?? '',
    crops: [...profile.crops],
    otherCrops: profile.otherCrops ?? '',
    livestock: [...profile.livestock],
    otherLivestock: profile.otherLivestock ?? '',
    size: profile.size === null ? '' : String(profile.size),
    sizeUnit: profile.sizeUnit ?? 'hectares',
    languages: [...profile.languages],
  };
}

const textOrNull = (value: string) => value.trim() || null;

/** The list's own order, whatever order the chips were tapped in. */
const inOrderOf = <T extends string>(order: readonly T[], chosen: readonly T[]): T[] =>
  order.filter((item) => chosen.includes(item));

/**
 * The size as typed: a decimal comma is as good as a point ('2,5' in French), spaces group digits.
 * Undefined when it is not a size the server accepts; null when left empty.
 */
export function parseSize(typed: string): number | null | undefined {
  const cleaned = typed.replace(/\s/g, '').replace(',', '.');
  if (cleaned === '') return null;
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return undefined;
  const size = Number(cleaned);
  return size > 0 && size <= FARM_SIZE_MAX ? size : undefined;
}

export type FarmRequestResult =
  { ok: true; request: UpdateFarmProfileRequest } | { ok: false; problem: 'sizeInvalid' };

/** The PUT body: the form's fields with the location saved on its own. */
export function requestFrom(
  form: FarmForm,
  location: Pick<FarmProfile, 'latitude' | 'longitude'>,
): FarmRequestResult {
  const size = parseSize(form.size);
  if (size === undefined) return { ok: false, problem: 'sizeInvalid' };
  return {
    ok: true,
    request: {
      place: textOrNull(form.place),
      country: form.country || null,
      latitude: location.latitude,
      longitude: location.longitude,
      crops: inOrderOf(FARM_CROPS, form.crops),
      otherCrops: textOrNull(form.otherCrops),
      livestock: inOrderOf(FARM_LIVESTOCK, form.livestock),
      otherLivestock: textOrNull(form.otherLivestock),
      // Both or neither: the unit select always has a value, so it follows the size.
      size,
      sizeUnit: size === null ? null : form.sizeUnit,
      languages: form.languages,
    },
  };
}

/** Adds `item` when absent, removes it when present. */
export function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((existing) => existing !== item) : [...list, item];
}
