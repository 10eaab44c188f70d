import type { WeatherConfig } from '../../config';
import {
  type FoundPlace,
  type ProviderForecast,
  type RoundedLocation,
  type WeatherProvider,
  WeatherProviderError,
} from '../weather-provider.port';
import { WEATHER_FORECAST_DAYS } from '@kasa/contracts';
import { fetchWeatherJson } from './fetch-json';
import { OPEN_METEO_DAILY_VARIABLES, parseOpenMeteoForecast } from './open-meteo-forecast';
import { parseOpenMeteoPlaces } from './open-meteo-places';

/**
 * Open-Meteo (https://open-meteo.com): free and keyless for non-commercial use; a commercial
 * operator points WEATHER_API_URL at its paid API or a mirror (docs/operations.md#weather).
 */
export class OpenMeteoProvider implements WeatherProvider {
  constructor(private readonly config: WeatherConfig) {}

  async forecast(location: RoundedLocation): Promise<ProviderForecast> {
    const query = new URLSearchParams({
      latitude: location.latitude.toFixed(2),
      longitude: location.longitude.toFixed(2),
      daily: OPEN_METEO_DAILY_VARIABLES.join(','),
      timezone: 'auto',
      forecast_days: String(WEATHER_FORECAST_DAYS),
    });
    const url = `${this.config.forecastUrl}/v1/forecast?${query}`;
    const body = await fetchWeatherJson(url, this.config.timeoutMs);
    try {
      return parseOpenMeteoForecast(body);
    } catch (error) {
      throw withUrl(error, url);
    }
  }

  async findPlace(place: string, countryCode: string): Promise<FoundPlace | null> {
    const query = new URLSearchParams({
      name: place,
      count: '1',
      language: 'en',
      format: 'json',
      countryCode,
    });
    const url = `${this.config.geocodingUrl}/v1/search?${query}`;
    const body = await fetchWeatherJson(url, this.config.timeoutMs);
    try {
      return parseOpenMeteoPlaces(body);
    } catch (error) {
      throw withUrl(error, url);
    }
  }
}

function withUrl(error: unknown, url: string): unknown {
  return error instanceof WeatherProviderError
    ? new WeatherProviderError(error.reason, `${url}: ${error.message}`)
    : error;
}
