// The farm profile and its forecast as the chat's welcome panel reads them
// (libs/contracts/src/farm.ts and weather.ts have the shapes).
import { apiFetch } from '@kasa/api-client';
import {
  FARM_PROFILE_PATH,
  WEATHER_FORECAST_PATH,
  type FarmProfile,
  type WeatherForecastResponse,
} from '@kasa/contracts';

/** GET /api/farm/profile through the default query function (the key is the path). */
export const FARM_PROFILE_QUERY_KEY = [FARM_PROFILE_PATH] as const;

/** Where the forecast is for: the shared location, else the place typed in My farm. */
export function forecastQuery(profile: FarmProfile): string | null {
  if (profile.latitude !== null && profile.longitude !== null)
    return new URLSearchParams({
      latitude: String(profile.latitude),
      longitude: String(profile.longitude),
    }).toString();
  if (profile.place && profile.country)
    return new URLSearchParams({ place: profile.place, country: profile.country }).toString();
  return null;
}

/** One location's forecast; the query string is part of the key, so a new place is a new entry. */
export const forecastQueryKey = (query: string) => [WEATHER_FORECAST_PATH, query] as const;

export const fetchForecast = (query: string, signal?: AbortSignal) =>
  apiFetch<WeatherForecastResponse>(`${WEATHER_FORECAST_PATH}?${query}`, { signal });
