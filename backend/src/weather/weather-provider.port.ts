import type { WeatherDay } from '@kasa/contracts';

/** A location rounded to 0.01° (coordinates.ts): the unit the forecast is asked and kept for. */
export interface RoundedLocation {
  latitude: number;
  longitude: number;
}

/** The days of one location's forecast, checked and in Kasa's units. */
export interface ProviderForecast {
  /** IANA time zone of the location. */
  timezone: string;
  days: WeatherDay[];
}

/** A place found by name. */
export interface FoundPlace {
  /** 'Bamenda, Cameroon' */
  displayName: string;
  latitude: number;
  longitude: number;
}

/**
 * Why the weather service gave nothing usable: it could not be reached, it was too slow, it
 * answered an error status, or its answer was not the expected JSON. `message` is for the log.
 */
export type WeatherFailureReason = 'unreachable' | 'timeout' | 'status' | 'invalid';

export class WeatherProviderError extends Error {
  override readonly name = 'WeatherProviderError';
  constructor(
    readonly reason: WeatherFailureReason,
    message: string,
  ) {
    super(message);
  }
}

/** The weather service (Open-Meteo, open-meteo/); both calls throw WeatherProviderError. */
export interface WeatherProvider {
  forecast(location: RoundedLocation): Promise<ProviderForecast>;
  /** The best match of `place` in `countryCode` (ISO alpha-2), or null when none. */
  findPlace(place: string, countryCode: string): Promise<FoundPlace | null>;
}

/** Injection token of the WeatherProvider; null when the forecast is switched off. */
export const WEATHER_PROVIDER = Symbol('WEATHER_PROVIDER');
