import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { type AuthResponse, WEATHER_FORECAST_PATH, type WeatherForecastResponse } from '@kasa/contracts';
import {
  LOCATION_FORMS_MIXED,
  LOCATION_REQUIRED,
  LATITUDE_INVALID,
  LONGITUDE_INVALID,
  COUNTRY_INVALID,
  PLACE_INVALID,
} from '../src/weather/dto/weather-forecast.query';
import { NOT_CONFIGURED_MESSAGE, UNAVAILABLE_MESSAGES } from '../src/weather/weather.errors';
import { sql } from './chat-support';
import { bearer, GENEROUS_RATE_LIMITS, registerUser } from './support/accounts';
import { type LoopbackServer, startLoopbackServer } from './support/loopback-server';
import { createTestApp, type TestApp } from './support/test-app';
import { setClock } from './support/usage-support';

/**
 * GET /api/weather/forecast end to end against a loopback server speaking Open-Meteo's forecast
 * and geocoding JSON: the answer, every way the service can fail (503, never 500), the cache in
 * PostgreSQL and the single flight (one upstream call per rounded location), places by name.
 */

type ForecastBehaviour = 'ok' | 'error-500' | 'hang' | 'not-json' | 'short-array';

class FakeOpenMeteo {
  forecastBehaviour: ForecastBehaviour = 'ok';
  /** Milliseconds before a forecast is answered, so concurrent requests overlap. */
  forecastDelayMs = 0;
  readonly forecastCalls: URLSearchParams[] = [];
  readonly geocodingCalls: URLSearchParams[] = [];
  server!: LoopbackServer;

  async start(): Promise<void> {
    this.server = await startLoopbackServer((req, res) => this.handle(req, res));
  }

  callsAt(latitude: string, longitude: string): number {
    return this.forecastCalls.filter(
      (query) => query.get('latitude') === latitude && query.get('longitude') === longitude,
    ).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://loopback');
    if (url.pathname === '/v1/search') {
      this.geocodingCalls.push(url.searchParams);
      const found =
        url.searchParams.get('name')?.toLowerCase() === 'bamenda' &&
        url.searchParams.get('countryCode') === 'CM';
      return json(
        res,
        200,
        found ? { results: [BAMENDA], generationtime_ms: 0.4 } : { generationtime_ms: 0.2 },
      );
    }
    if (url.pathname !== '/v1/forecast') return json(res, 404, { error: true, reason: 'Not Found' });
    this.forecastCalls.push(url.searchParams);
    if (this.forecastDelayMs) await new Promise((resolve) => setTimeout(resolve, this.forecastDelayMs));
    switch (this.forecastBehaviour) {
      case 'hang':
        return; // never answered: the connection stays open until the server closes
      case 'error-500':
        return json(res, 500, { error: true, reason: 'Internal error' });
      case 'not-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"latitude": 3.87, "daily": {');
        return;
      case 'short-array':
        return json(res, 200, forecastAnswer(url, { precipitation_sum: [1.2, 0] }));
      default:
        return json(res, 200, forecastAnswer(url));
    }
  }
}

const BAMENDA = {
  id: 2234359,
  name: 'Bamenda',
  latitude: 5.9597,
  longitude: 10.14597,
  elevation: 1217,
  feature_code: 'PPLA',
  country_code: 'CM',
  timezone: 'Africa/Douala',
  country: 'Cameroon',
  admin1: 'North-West',
};

function forecastAnswer(url: URL, override: Record<string, unknown> = {}) {
  return {
    latitude: Number(url.searchParams.get('latitude')) + 0.005,
    longitude: Number(url.searchParams.get('longitude')) - 0.003,
    generationtime_ms: 0.12,
    utc_offset_seconds: 3600,
    timezone: 'Africa/Douala',
    timezone_abbreviation: 'WAT',
    elevation: 726,
    daily_units: { time: 'iso8601', precipitation_probability_max: '%', precipitation_sum: 'mm' },
    daily: {
      time: ['2026-11-30', '2026-12-01', '2026-12-02'],
      precipitation_probability_max: [80, null, 10],
      precipitation_sum: [12.4, 0.3, 0],
      temperature_2m_max: [29.1, 30, 31.2],
      temperature_2m_min: [19.8, 20.4, 20.1],
      wind_speed_10m_max: [14.2, 9.8, 11],
      weather_code: [61, 3, 1],
      ...override,
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const forecast = (ctx: TestApp, who: AuthResponse | null, query: Record<string, string>) => {
  const call = request(ctx.app.getHttpServer()).get(WEATHER_FORECAST_PATH).query(query);
  return who ? call.set(bearer(who)) : call;
};

describe('the weather forecast over Open-Meteo', () => {
  const openMeteo = new FakeOpenMeteo();
  let ctx: TestApp;
  let user: AuthResponse;

  beforeAll(async () => {
    await openMeteo.start();
    ctx = await createTestApp('weather', {
      env: {
        WEATHER_API_URL: openMeteo.server.origin,
        WEATHER_GEOCODING_URL: `${openMeteo.server.origin}/`,
        WEATHER_TIMEOUT_MS: '500',
      },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
    user = await registerUser(ctx.app, { prefix: 'weather' });
  });
  afterAll(async () => {
    await ctx?.close();
    await openMeteo.server?.close();
  });
  beforeEach(() => {
    openMeteo.forecastBehaviour = 'ok';
    openMeteo.forecastDelayMs = 0;
  });

  it('answers three days for the rounded location, asking Open-Meteo for the daily variables', async () => {
    const response = await forecast(ctx, user, { latitude: '3.8712', longitude: '11.5249' }).expect(200);
    const body = response.body as WeatherForecastResponse;
    expect(body).toMatchObject({
      latitude: 3.87,
      longitude: 11.52,
      placeName: null,
      timezone: 'Africa/Douala',
    });
    expect(body.days).toEqual([
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
        temperatureMinC: 20.4,
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
    ]);
    expect(Number.isNaN(Date.parse(body.fetchedAt))).toBe(false);
    const asked = openMeteo.forecastCalls.at(-1)!;
    expect(Object.fromEntries(asked)).toEqual({
      latitude: '3.87',
      longitude: '11.52',
      daily:
        'precipitation_probability_max,precipitation_sum,temperature_2m_max,temperature_2m_min,wind_speed_10m_max,weather_code',
      timezone: 'auto',
      forecast_days: '3',
    });
  });

  it('keeps a forecast: a second request, and a location that rounds alike, ask Open-Meteo no more', async () => {
    const first = await forecast(ctx, user, { latitude: '4.051', longitude: '9.701' }).expect(200);
    await forecast(ctx, user, { latitude: '4.051', longitude: '9.701' }).expect(200);
    const near = await forecast(ctx, user, { latitude: '4.054', longitude: '9.704' }).expect(200);
    expect(openMeteo.callsAt('4.05', '9.70')).toBe(1);
    expect(near.body).toEqual(first.body);
    const rows = await sql<{ latitude: string; longitude: string }>(
      ctx.databaseUrl,
      `SELECT "latitude", "longitude" FROM "weather_forecasts" WHERE "latitude" = 4.05 AND "longitude" = 9.7`,
    );
    expect(rows).toHaveLength(1);
  });

  it('shares one upstream call between 20 concurrent requests for one location (3.871 and 3.874 alike)', async () => {
    openMeteo.forecastDelayMs = 300;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        forecast(ctx, user, { latitude: index % 2 ? '6.871' : '6.874', longitude: '12.31' }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(
      new Set(responses.map((response) => (response.body as WeatherForecastResponse).fetchedAt)).size,
    ).toBe(1);
    expect(openMeteo.callsAt('6.87', '12.31')).toBe(1);
  });

  it('asks again once the kept forecast is older than 30 minutes', async () => {
    await forecast(ctx, user, { latitude: '7.1', longitude: '13.1' }).expect(200);
    const restore = setClock(ctx.app, new Date(Date.now() + 31 * 60_000).toISOString());
    try {
      await forecast(ctx, user, { latitude: '7.1', longitude: '13.1' }).expect(200);
    } finally {
      restore();
    }
    expect(openMeteo.callsAt('7.10', '13.10')).toBe(2);
  });

  it.each([
    ['answers 500', 'error-500', 'status'],
    ['never answers', 'hang', 'timeout'],
    ['answers broken JSON', 'not-json', 'invalid'],
    ['answers arrays of unequal lengths', 'short-array', 'invalid'],
  ] as const)(
    'answers 503 WEATHER_UNAVAILABLE when Open-Meteo %s, and asks again next time',
    async (_what, behaviour, reason) => {
      openMeteo.forecastBehaviour = behaviour;
      const latitude = { 'error-500': '8.1', hang: '8.2', 'not-json': '8.3', 'short-array': '8.4' }[
        behaviour
      ];
      const response = await forecast(ctx, user, { latitude, longitude: '14' }).expect(503);
      expect(response.body).toMatchObject({
        code: 'WEATHER_UNAVAILABLE',
        message: UNAVAILABLE_MESSAGES[reason],
      });
      openMeteo.forecastBehaviour = 'ok';
      await forecast(ctx, user, { latitude, longitude: '14' }).expect(200);
      expect(openMeteo.callsAt(Number(latitude).toFixed(2), '14.00')).toBe(2);
    },
  );

  it('answers 503 rather than an expired forecast when Open-Meteo is down', async () => {
    await forecast(ctx, user, { latitude: '9.1', longitude: '14' }).expect(200);
    openMeteo.forecastBehaviour = 'error-500';
    const restore = setClock(ctx.app, new Date(Date.now() + 31 * 60_000).toISOString());
    try {
      const response = await forecast(ctx, user, { latitude: '9.1', longitude: '14' }).expect(503);
      expect(response.body).toMatchObject({ code: 'WEATHER_UNAVAILABLE' });
    } finally {
      restore();
    }
  });

  it('looks a place up by name in its country, names it, and keeps what it found', async () => {
    const geocodingBefore = openMeteo.geocodingCalls.length;
    const response = await forecast(ctx, user, { place: 'Bamenda', country: 'CM' }).expect(200);
    expect(response.body).toMatchObject({
      latitude: 5.96,
      longitude: 10.15,
      placeName: 'Bamenda, Cameroon',
      timezone: 'Africa/Douala',
    });
    expect(Object.fromEntries(openMeteo.geocodingCalls.at(-1)!)).toEqual({
      name: 'Bamenda',
      count: '1',
      language: 'en',
      format: 'json',
      countryCode: 'CM',
    });
    // Case and spaces do not make another search; the forecast itself is kept too.
    await forecast(ctx, user, { place: '  bamenda ', country: 'cm' }).expect(200);
    expect(openMeteo.geocodingCalls.length - geocodingBefore).toBe(1);
    expect(openMeteo.callsAt('5.96', '10.15')).toBe(1);
  });

  it('answers 404 WEATHER_PLACE_NOT_FOUND for a place Open-Meteo does not know', async () => {
    const response = await forecast(ctx, user, { place: 'Nowhereville', country: 'CM' }).expect(404);
    expect(response.body).toMatchObject({ code: 'WEATHER_PLACE_NOT_FOUND' });
    expect(response.body.message).toContain('Nowhereville');
  });

  it.each([
    [{}, LOCATION_REQUIRED],
    [{ latitude: '3.87' }, LONGITUDE_INVALID],
    [{ longitude: '11.5' }, LATITUDE_INVALID],
    [{ latitude: '91', longitude: '11.5' }, LATITUDE_INVALID],
    [{ latitude: '3.87', longitude: '-180.5' }, LONGITUDE_INVALID],
    [{ latitude: '', longitude: '11.5' }, LATITUDE_INVALID],
    [{ latitude: 'north', longitude: '11.5' }, LATITUDE_INVALID],
    [{ latitude: '1e1', longitude: '11.5' }, LATITUDE_INVALID],
    [{ place: 'Bamenda' }, COUNTRY_INVALID],
    [{ country: 'CM' }, PLACE_INVALID],
    [{ place: '   ', country: 'CM' }, PLACE_INVALID],
    [{ place: 'x'.repeat(121), country: 'CM' }, PLACE_INVALID],
    [{ place: 'Bamenda', country: 'Cameroon' }, COUNTRY_INVALID],
    [{ place: 'Bamenda', country: 'XX' }, COUNTRY_INVALID],
    [{ place: 'Bamenda', country: 'CM', latitude: '3.87', longitude: '11.5' }, LOCATION_FORMS_MIXED],
    [{ latitude: '3.87', longitude: '11.5', days: '7' }, 'property days should not exist'],
  ])('answers 400 VALIDATION_FAILED to %j', async (query, message) => {
    const calls = openMeteo.forecastCalls.length + openMeteo.geocodingCalls.length;
    const response = await forecast(ctx, user, query).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(openMeteo.forecastCalls.length + openMeteo.geocodingCalls.length).toBe(calls);
  });

  it('answers 401 without a token', async () => {
    const response = await forecast(ctx, null, { latitude: '3.87', longitude: '11.52' }).expect(401);
    expect(response.body).toMatchObject({ statusCode: 401 });
  });
});

describe('the weather forecast switched off', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp('weather_off', {
      env: { WEATHER_API_URL: 'off' },
      config: { rateLimits: GENEROUS_RATE_LIMITS },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 503 WEATHER_UNAVAILABLE saying it is not available here, naming no setting to users', async () => {
    const user = await registerUser(ctx.app, { prefix: 'weather_off' });
    const response = await forecast(ctx, user, { latitude: '3.87', longitude: '11.52' }).expect(503);
    expect(response.body).toMatchObject({ code: 'WEATHER_UNAVAILABLE', message: NOT_CONFIGURED_MESSAGE });
    expect(response.body).not.toHaveProperty('configure');
  });
});
