import { WEATHER_FORECAST_DAYS, type WeatherDay } from '@kasa/contracts';
import { type ProviderForecast, WeatherProviderError } from '../weather-provider.port';

/** The daily variables asked for, in the order of WeatherDay's fields. */
export const OPEN_METEO_DAILY_VARIABLES = [
  'precipitation_probability_max',
  'precipitation_sum',
  'temperature_2m_max',
  'temperature_2m_min',
  'wind_speed_10m_max',
  'weather_code',
] as const;

type DailyVariable = (typeof OPEN_METEO_DAILY_VARIABLES)[number];

const DAY_FIELD: Record<DailyVariable, keyof Omit<WeatherDay, 'date'>> = {
  precipitation_probability_max: 'rainChance',
  precipitation_sum: 'rainMm',
  temperature_2m_max: 'temperatureMaxC',
  temperature_2m_min: 'temperatureMinC',
  wind_speed_10m_max: 'windMaxKmh',
  weather_code: 'weatherCode',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const invalid = (problem: string) => new WeatherProviderError('invalid', `forecast answer ${problem}`);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Open-Meteo's forecast JSON (`{timezone, daily: {time: [...], <variable>: [...]}}`) as Kasa's
 * days, today first. A value Open-Meteo has no data for is null and stays null; anything else
 * that is not a number, a missing variable, or arrays of unequal lengths make the whole answer
 * unusable: a day whose values belong to another day would mislead more than no forecast.
 */
export function parseOpenMeteoForecast(body: unknown): ProviderForecast {
  if (!isRecord(body)) throw invalid('is not a JSON object');
  const { timezone, daily } = body;
  if (typeof timezone !== 'string' || !timezone) throw invalid('has no timezone');
  if (!isRecord(daily)) throw invalid('has no daily values');
  const dates = daily.time;
  if (!Array.isArray(dates) || dates.length === 0) throw invalid('has no days');
  if (!dates.every((date) => typeof date === 'string' && ISO_DATE.test(date)))
    throw invalid('has a day that is not a YYYY-MM-DD date');
  const columns = OPEN_METEO_DAILY_VARIABLES.map((variable) => {
    const values = daily[variable];
    if (!Array.isArray(values)) throw invalid(`has no ${variable}`);
    if (values.length !== dates.length)
      throw invalid(`has ${values.length} values of ${variable} for ${dates.length} days`);
    if (!values.every((value) => value === null || (typeof value === 'number' && Number.isFinite(value))))
      throw invalid(`has a value of ${variable} that is not a number`);
    return { field: DAY_FIELD[variable], values: values as Array<number | null> };
  });
  const days = (dates as string[]).slice(0, WEATHER_FORECAST_DAYS).map((date, index) => {
    const day: WeatherDay = {
      date,
      rainChance: null,
      rainMm: null,
      temperatureMaxC: null,
      temperatureMinC: null,
      windMaxKmh: null,
      weatherCode: null,
    };
    for (const { field, values } of columns) day[field] = values[index];
    return day;
  });
  return { timezone, days };
}
