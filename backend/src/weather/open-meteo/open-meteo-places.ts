import { roundLocation } from '../coordinates';
import { type FoundPlace, WeatherProviderError } from '../weather-provider.port';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const inRange = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/**
 * Open-Meteo's geocoding JSON (`{results: [{name, latitude, longitude, country, ...}]}`) as the
 * first place found, its coordinates rounded; null when there is no `results` (nothing found).
 */
export function parseOpenMeteoPlaces(body: unknown): FoundPlace | null {
  if (!isRecord(body)) throw new WeatherProviderError('invalid', 'geocoding answer is not a JSON object');
  if (body.results === undefined) return null;
  if (!Array.isArray(body.results))
    throw new WeatherProviderError('invalid', 'geocoding results is not a list');
  const first: unknown = body.results[0];
  if (first === undefined) return null;
  if (!isRecord(first) || typeof first.name !== 'string' || !first.name)
    throw new WeatherProviderError('invalid', 'geocoding result has no name');
  if (!inRange(first.latitude, 90) || !inRange(first.longitude, 180))
    throw new WeatherProviderError('invalid', 'geocoding result has no valid coordinates');
  const country = typeof first.country === 'string' && first.country ? first.country : null;
  return {
    displayName: country ? `${first.name}, ${country}` : first.name,
    ...roundLocation(first.latitude, first.longitude),
  };
}
