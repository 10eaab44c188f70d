import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { APP_CONFIG, type AppConfig } from '../config';
import { OpenMeteoProvider } from './open-meteo/open-meteo.provider';
import { WeatherController } from './weather.controller';
import { WEATHER_PROVIDER, type WeatherProvider } from './weather-provider.port';
import { WeatherRepository } from './weather.repository';
import { WeatherService } from './weather.service';

/** GET /api/weather/forecast over Open-Meteo, unless WEATHER_API_URL or WEATHER_GEOCODING_URL is 'off'. */
@Module({
  imports: [AuthModule],
  controllers: [WeatherController],
  providers: [
    {
      provide: WEATHER_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): WeatherProvider | null =>
        config.weather ? new OpenMeteoProvider(config.weather) : null,
    },
    WeatherRepository,
    WeatherService,
  ],
})
export class WeatherModule {}
