import { FARM_COORDINATE_DECIMALS, type UpdateFarmProfileRequest } from '@kasa/contracts';
import type { UpdateFarmProfileDto } from './dto/update-farm-profile.dto';

/** The profile as stored: what the DTO let through, with nothing left undefined. */
export type StoredFarmProfile = UpdateFarmProfileRequest;

/**
 * A coordinate kept to FARM_COORDINATE_DECIMALS (about 1 km): enough for a forecast, not enough
 * to find a house. Rounded half away from zero on the number as written (1.005 → 1.01, as
 * PostgreSQL rounds the decimal text), not on its binary value (1.00499999…).
 */
export function roundCoordinate(degrees: number | null | undefined): number | null {
  if (degrees === null || degrees === undefined) return null;
  const places = FARM_COORDINATE_DECIMALS;
  const written = String(Math.abs(degrees));
  // Shifting by the exponent keeps the written digits: Number('1.005e2') is exactly 100.5. A
  // number JavaScript writes in exponent form (1e-7) is far from any half-way point.
  const shifted = written.includes('e')
    ? Math.round(Math.abs(degrees) * 10 ** places)
    : Math.round(Number(`${written}e${places}`));
  const rounded = Math.sign(degrees) * Number(`${shifted}e-${places}`);
  // -0.001 rounds to -0: answer 0.
  return rounded === 0 ? 0 : rounded;
}

/** The validated request as it is stored: fields left out cleared, coordinates rounded. */
export function toStoredFarmProfile(request: Partial<UpdateFarmProfileDto>): StoredFarmProfile {
  return {
    place: request.place ?? null,
    country: request.country ?? null,
    latitude: roundCoordinate(request.latitude),
    longitude: roundCoordinate(request.longitude),
    crops: request.crops ?? [],
    otherCrops: request.otherCrops ?? null,
    livestock: request.livestock ?? [],
    otherLivestock: request.otherLivestock ?? null,
    size: request.size ?? null,
    sizeUnit: request.sizeUnit ?? null,
    languages: request.languages ?? [],
  };
}
