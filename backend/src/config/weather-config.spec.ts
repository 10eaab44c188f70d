import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './load-config';

describe('the weather settings', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("use Open-Meteo's public servers by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).weather).toEqual({
      forecastUrl: 'https://api.open-meteo.com',
      geocodingUrl: 'https://geocoding-api.open-meteo.com',
      timeoutMs: 8000,
    });
  });

  it('take a mirror without its trailing slash, and a timeout', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      WEATHER_API_URL: 'http://weather.internal:8080/',
      WEATHER_GEOCODING_URL: 'http://geo.internal:8080',
      WEATHER_TIMEOUT_MS: '2500',
    });
    expect(config.weather).toEqual({
      forecastUrl: 'http://weather.internal:8080',
      geocodingUrl: 'http://geo.internal:8080',
      timeoutMs: 2500,
    });
  });

  it.each(['WEATHER_API_URL', 'WEATHER_GEOCODING_URL'])(
    "switch the forecast off when %s is 'off'",
    (name) => {
      expect(loadConfig({ DATA_DIR: dataDir, [name]: 'off' }).weather).toBeUndefined();
    },
  );

  it.each([
    ['WEATHER_API_URL', 'api.open-meteo.com'],
    ['WEATHER_GEOCODING_URL', 'no'],
    ['WEATHER_TIMEOUT_MS', 'soon'],
    ['WEATHER_TIMEOUT_MS', '10'],
  ])('refuse %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(name);
  });
});
