/** The rain forecast's errors (docs/architecture.md#errors): each code's text and the exception that carries it. */
import { HttpStatus } from '@nestjs/common';
import { ApiException, NotConfiguredException } from '../common/api-exception';
import type { WeatherFailureReason } from './weather-provider.port';

export const NOT_CONFIGURED_MESSAGE = 'The weather forecast is not available on this server.';
/** For administrators only (common/api-exception.filter.ts). */
export const NOT_CONFIGURED_CONFIGURE =
  "Remove WEATHER_API_URL=off and WEATHER_GEOCODING_URL=off, or set them to an Open-Meteo server's address (README.md#configuration).";

export const UNAVAILABLE_MESSAGES: Record<WeatherFailureReason, string> = {
  unreachable: 'The weather service could not be reached. Please try again later.',
  timeout: 'The weather service did not answer in time. Please try again later.',
  status: 'The weather service answered with an error. Please try again later.',
  invalid: 'The weather service sent an answer Kasa could not read. Please try again later.',
};

export const placeNotFoundMessage = (place: string, countryCode: string) =>
  `No place called "${place}" was found in ${countryCode}. Check its spelling and country, or use your location.`;

/** 503: the forecast is switched off on this server. */
export const notConfigured = () =>
  new NotConfiguredException(
    HttpStatus.SERVICE_UNAVAILABLE,
    'WEATHER_UNAVAILABLE',
    NOT_CONFIGURED_MESSAGE,
    NOT_CONFIGURED_CONFIGURE,
  );

/** 503: the weather service failed (`reason` picks the words; the detail is logged, not sent). */
export const weatherUnavailable = (reason: WeatherFailureReason) =>
  new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'WEATHER_UNAVAILABLE', UNAVAILABLE_MESSAGES[reason]);

/** 404: the place is not known in that country. */
export const placeNotFound = (place: string, countryCode: string) =>
  new ApiException(HttpStatus.NOT_FOUND, 'WEATHER_PLACE_NOT_FOUND', placeNotFoundMessage(place, countryCode));
