/**
 * The rain forecast (the chat's three-day card, the model's weather tool):
 *
 *   GET /api/weather/forecast?latitude=3.87&longitude=11.52
 *   GET /api/weather/forecast?place=Bamenda&country=CM      (the place is looked up first)
 *
 * answers WeatherForecastResponse. Coordinates are rounded to 0.01° (about 1 km) before anything
 * else, and a forecast is kept 30 minutes per rounded location: many farmers of one town cost one
 * request to the weather service. 400 VALIDATION_FAILED for coordinates out of range or neither
 * form given; 404 WEATHER_PLACE_NOT_FOUND when the place is not known; 503 WEATHER_UNAVAILABLE when
 * the weather service cannot be reached or answers nonsense (the message says which).
 */
export const WEATHER_FORECAST_PATH = '/api/weather/forecast';

/** Days the forecast covers, today first. */
export const WEATHER_FORECAST_DAYS = 3;
/** How long one location's forecast is reused. */
export const WEATHER_CACHE_MINUTES = 30;

export interface WeatherDay {
  /** The day in the location's time zone, YYYY-MM-DD. */
  date: string;
  /** Chance of rain at the day's wettest hour, 0–100 %. */
  rainChance: number | null;
  /** Rain (and showers, snow as water) over the day, millimetres. */
  rainMm: number | null;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  /** Strongest wind of the day at 10 m, km/h. */
  windMaxKmh: number | null;
  /** WMO weather code of the day (0 clear … 95+ thunderstorm). */
  weatherCode: number | null;
}

export interface WeatherForecastResponse {
  /** The rounded location the forecast is for. */
  latitude: number;
  longitude: number;
  /** The place's name when it was looked up by name ('Bamenda, Cameroon'), else null. */
  placeName: string | null;
  /** IANA time zone of the location ('Africa/Douala'). */
  timezone: string;
  /** When this forecast was fetched from the weather service (ISO 8601): at most 30 minutes ago. */
  fetchedAt: string;
  days: WeatherDay[];
}
