import type { FarmProfile } from '@kasa/contracts';
import { roundCoordinate } from './coordinates';

export type FarmCoordinates = Pick<FarmProfile, 'latitude' | 'longitude'>;

/** Why no position came: refused by the user or the browser, not found in time, or no GPS API. */
export type LocationProblem = 'denied' | 'unavailable' | 'unsupported';

export class LocationProblemError extends Error {
  constructor(readonly problem: LocationProblem) {
    super(`Location ${problem}`);
    this.name = 'LocationProblemError';
  }
}

/** GeolocationPositionError.PERMISSION_DENIED (the class itself is missing from some WebViews). */
const PERMISSION_DENIED = 1;

/**
 * The phone's position, already rounded to about 1 km. Low accuracy is enough at that scale and
 * comes faster, from the mobile network, without waking the GPS; a position up to ten minutes
 * old will do.
 */
export function findRoundedLocation(): Promise<FarmCoordinates> {
  return new Promise((resolve, reject) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      reject(new LocationProblemError('unsupported'));
      return;
    }
    try {
      geolocation.getCurrentPosition(
        ({ coords }) =>
          resolve({
            latitude: roundCoordinate(coords.latitude),
            longitude: roundCoordinate(coords.longitude),
          }),
        (error) =>
          reject(new LocationProblemError(error.code === PERMISSION_DENIED ? 'denied' : 'unavailable')),
        { enableHighAccuracy: false, timeout: 20_000, maximumAge: 10 * 60_000 },
      );
    } catch {
      // Some embedded browsers throw instead of calling back when location is switched off.
      reject(new LocationProblemError('unavailable'));
    }
  });
}
