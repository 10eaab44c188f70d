import { ApiProperty } from '@nestjs/swagger';
import type { WeatherDay, WeatherForecastResponse } from '@kasa/contracts';

export class WeatherDayDoc implements WeatherDay {
  @ApiProperty({ description: "The day in the location's time zone.", example: '2026-11-30' })
  date: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Chance of rain at the day's wettest hour, %.",
    example: 80,
  })
  rainChance: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Rain over the day, mm.', example: 12.4 })
  rainMm: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 29.1 })
  temperatureMaxC: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 19.8 })
  temperatureMinC: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Strongest wind at 10 m, km/h.', example: 14.2 })
  windMaxKmh: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'WMO weather code.', example: 61 })
  weatherCode: number | null;
}

export class WeatherForecastResponseDoc implements WeatherForecastResponse {
  @ApiProperty({ description: 'Rounded to 0.01°.', example: 3.87 })
  latitude: number;

  @ApiProperty({ description: 'Rounded to 0.01°.', example: 11.52 })
  longitude: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When looked up by name.',
    example: 'Bamenda, Cameroon',
  })
  placeName: string | null;

  @ApiProperty({ example: 'Africa/Douala' })
  timezone: string;

  @ApiProperty({
    format: 'date-time',
    description: 'When the weather service was asked (at most 30 minutes ago).',
  })
  fetchedAt: string;

  @ApiProperty({ type: [WeatherDayDoc], description: 'Today first, three days.' })
  days: WeatherDayDoc[];
}
