import { WeatherProviderError } from '../weather-provider.port';
import { parseOpenMeteoForecast } from './open-meteo-forecast';

const answer = (daily: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  latitude: 3.875,
  longitude: 11.5,
  timezone: 'Africa/Douala',
  daily_units: { precipitation_sum: 'mm' },
  daily,
  ...extra,
});

const FOUR_DAYS = {
  time: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'],
  precipitation_probability_max: [80, null, 10, 5],
  precipitation_sum: [12.4, 0.3, 0, 0],
  temperature_2m_max: [29.1, 30, 31.2, 30.5],
  temperature_2m_min: [19.8, null, 20.1, 20],
  wind_speed_10m_max: [14.2, 9.8, 11, 12],
  weather_code: [61, 3, 1, 0],
};

function failure(body: unknown): WeatherProviderError {
  try {
    parseOpenMeteoForecast(body);
  } catch (error) {
    if (error instanceof WeatherProviderError) return error;
    throw error;
  }
  throw new Error('the answer was accepted');
}

describe('parseOpenMeteoForecast', () => {
  it("maps the daily arrays to days, today first, keeping the API's nulls, three days at most", () => {
    expect(parseOpenMeteoForecast(answer(FOUR_DAYS))).toEqual({
      timezone: 'Africa/Douala',
      days: [
        {
          date: '2026-11-30',
          rainChance: 80,
          rainMm: 12.4,
          temperatureMaxC: 29.1,
          temperatureMinC: 19.8,
          windMaxKmh: 14.2,
          weatherCode: 61,
        },
        {
          date: '2026-12-01',
          rainChance: null,
          rainMm: 0.3,
          temperatureMaxC: 30,
          temperatureMinC: null,
          windMaxKmh: 9.8,
          weatherCode: 3,
        },
        {
          date: '2026-12-02',
          rainChance: 10,
          rainMm: 0,
          temperatureMaxC: 31.2,
          temperatureMinC: 20.1,
          windMaxKmh: 11,
          weatherCode: 1,
        },
      ],
    });
  });

  it('refuses arrays of unequal lengths: a value could belong to another day', () => {
    const error = failure(answer({ ...FOUR_DAYS, precipitation_sum: [12.4, 0.3, 0] }));
    expect(error.reason).toBe('invalid');
    expect(error.message).toContain('precipitation_sum');
  });

  it.each([
    ['a missing variable', answer({ ...FOUR_DAYS, weather_code: undefined })],
    ['a variable that is not a list', answer({ ...FOUR_DAYS, weather_code: 'rain' })],
    ['a value that is text', answer({ ...FOUR_DAYS, temperature_2m_max: ['29', 30, 31, 30] })],
    ['no days', answer({ ...FOUR_DAYS, time: [] })],
    ['a day that is not a date', answer({ ...FOUR_DAYS, time: ['today', 'b', 'c', 'd'] })],
    ['no daily object', answer(FOUR_DAYS, { daily: undefined })],
    ['no timezone', answer(FOUR_DAYS, { timezone: undefined })],
    ["Open-Meteo's error object", { error: true, reason: 'Latitude must be in range of -90 to 90°.' }],
    ['a list', []],
    ['null', null],
  ])('refuses %s', (_what, body) => {
    expect(failure(body).reason).toBe('invalid');
  });
});
