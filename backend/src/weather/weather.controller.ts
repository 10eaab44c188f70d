import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WeatherForecastResponse } from '@kasa/contracts';
import { JwtAuthGuard } from '../auth';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../docs';
import { WeatherForecastQuery } from './dto/weather-forecast.query';
import { WeatherForecastResponseDoc } from './dto/weather.responses';
import { type ForecastRequest, WeatherService } from './weather.service';

/** The three-day rain forecast of the chat's weather card. */
@ApiTags('weather')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('weather')
@UseGuards(JwtAuthGuard)
export class WeatherController {
  constructor(private readonly weather: WeatherService) {}

  @Get('forecast')
  @ApiOkResponse({ type: WeatherForecastResponseDoc, description: 'The forecast of the rounded location.' })
  @ApiValidationFailed('coordinates out of range, neither or both forms of location given.')
  @ApiErrorResponse(404, 'The place is not known in that country (WEATHER_PLACE_NOT_FOUND).')
  @ApiErrorResponse(
    503,
    'The weather service failed or answered nonsense, or the forecast is off on this server (WEATHER_UNAVAILABLE).',
  )
  forecast(@Query() query: WeatherForecastQuery): Promise<WeatherForecastResponse> {
    return this.weather.forecast(toForecastRequest(query));
  }
}

/** The validated query as one of its two forms. */
function toForecastRequest(query: WeatherForecastQuery): ForecastRequest {
  if (query.place !== undefined && query.country !== undefined)
    return { place: query.place, country: query.country };
  return { latitude: query.latitude!, longitude: query.longitude! };
}
