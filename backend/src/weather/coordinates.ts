import type { RoundedLocation } from './weather-provider.port';

/**
 * 0.01° is about 1 km: close enough for a day's rain, coarse enough that a town's farmers share
 * one cached forecast. -0 becomes 0 so both spellings are one cache key.
 */
export function roundCoordinate(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}

export function roundLocation(latitude: number, longitude: number): RoundedLocation {
  return { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
}

/** The key a location's forecast is kept under (and shared while it is being fetched). */
export const locationKey = (location: RoundedLocation) =>
  `${location.latitude.toFixed(2)},${location.longitude.toFixed(2)}`;
