import { Inject, Injectable, Logger } from '@nestjs/common';
import { WEATHER_CACHE_MINUTES, type WeatherForecastResponse } from '@kasa/contracts';
import { CLOCK, type Clock } from '../common';
import { locationKey, roundLocation } from './coordinates';
import { SingleFlight } from './single-flight';
import { notConfigured, placeNotFound, weatherUnavailable } from './weather.errors';
import { type StoredForecast, WeatherRepository } from './weather.repository';
import {
  type FoundPlace,
  type RoundedLocation,
  WEATHER_PROVIDER,
  type WeatherProvider,
  WeatherProviderError,
} from './weather-provider.port';

/** A town does not move: a place's coordinates are reused this long. */
const PLACE_CACHE_DAYS = 30;

export type ForecastRequest = { latitude: number; longitude: number } | { place: string; country: string };

/**
 * The rain forecast: places looked up by name, coordinates rounded, one forecast per rounded
 * location kept WEATHER_CACHE_MINUTES in PostgreSQL for every API process, and concurrent
 * requests of this process for one location sharing one request to the weather service. When
 * the service fails the answer is 503 even if an older forecast is stored: the app keeps its own
 * last copy and shows it with its date, so the server never passes off an old forecast as new.
 */
@Injectable()
export class WeatherService {
  private readonly logger = new Logger('WeatherService');
  private readonly forecastsInFlight = new SingleFlight<StoredForecast>();
  private readonly placesInFlight = new SingleFlight<FoundPlace | null>();

  constructor(
    @Inject(WEATHER_PROVIDER) private readonly provider: WeatherProvider | null,
    private readonly repository: WeatherRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async forecast(request: ForecastRequest): Promise<WeatherForecastResponse> {
    const provider = this.provider;
    if (!provider) throw notConfigured();
    let location: RoundedLocation;
    let placeName: string | null = null;
    if ('place' in request) {
      const place = await this.findPlace(provider, request.place, request.country);
      location = { latitude: place.latitude, longitude: place.longitude };
      placeName = place.displayName;
    } else {
      location = roundLocation(request.latitude, request.longitude);
    }
    const forecast = await this.forecastAt(provider, location);
    return {
      latitude: forecast.latitude,
      longitude: forecast.longitude,
      placeName,
      timezone: forecast.timezone,
      fetchedAt: forecast.fetchedAt.toISOString(),
      days: forecast.days,
    };
  }

  private async forecastAt(provider: WeatherProvider, location: RoundedLocation): Promise<StoredForecast> {
    const freshSince = new Date(this.clock.now().getTime() - WEATHER_CACHE_MINUTES * 60_000);
    const cached = await this.repository.findFreshForecast(location, freshSince);
    if (cached) return cached;
    return this.forecastsInFlight.run(locationKey(location), async () => {
      const fetched = await this.askProvider(() => provider.forecast(location));
      const forecast: StoredForecast = { ...location, ...fetched, fetchedAt: this.clock.now() };
      await this.repository.saveForecast(forecast);
      return forecast;
    });
  }

  private async findPlace(provider: WeatherProvider, place: string, country: string): Promise<FoundPlace> {
    const searchKey = placeSearchKey(place, country);
    const freshSince = new Date(this.clock.now().getTime() - PLACE_CACHE_DAYS * 86_400_000);
    const found =
      (await this.repository.findFreshPlace(searchKey, freshSince)) ??
      (await this.placesInFlight.run(searchKey, async () => {
        const fetched = await this.askProvider(() => provider.findPlace(place, country));
        if (fetched) await this.repository.savePlace(searchKey, fetched, this.clock.now());
        return fetched;
      }));
    if (!found) throw placeNotFound(place, country);
    return found;
  }

  /** The provider's failures as 503 WEATHER_UNAVAILABLE, their detail (with the URL) in the log. */
  private async askProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof WeatherProviderError)) throw error;
      this.logger.warn(`Weather service failed (${error.reason}): ${error.message}`);
      throw weatherUnavailable(error.reason);
    }
  }
}

/** 'Bamenda ' and 'bamenda' in CM are one search: case and spaces do not change the place. */
export function placeSearchKey(place: string, country: string): string {
  return `${country.toUpperCase()}:${place.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')}`;
}
