import { WeatherProviderError } from '../weather-provider.port';
import { parseOpenMeteoPlaces } from './open-meteo-places';

const BAMENDA = {
  id: 2234359,
  name: 'Bamenda',
  latitude: 5.9597,
  longitude: 10.14597,
  country_code: 'CM',
  timezone: 'Africa/Douala',
  country: 'Cameroon',
  admin1: 'North-West',
};

describe('parseOpenMeteoPlaces', () => {
  it('takes the first result with its country, coordinates rounded', () => {
    expect(parseOpenMeteoPlaces({ results: [BAMENDA], generationtime_ms: 0.5 })).toEqual({
      displayName: 'Bamenda, Cameroon',
      latitude: 5.96,
      longitude: 10.15,
    });
  });

  it('is null when nothing was found (no results key, or an empty list)', () => {
    expect(parseOpenMeteoPlaces({ generationtime_ms: 0.3 })).toBeNull();
    expect(parseOpenMeteoPlaces({ results: [] })).toBeNull();
  });

  it.each([
    ['coordinates out of range', { results: [{ ...BAMENDA, latitude: 95 }] }],
    ['coordinates as text', { results: [{ ...BAMENDA, longitude: '10.1' }] }],
    ['no name', { results: [{ ...BAMENDA, name: '' }] }],
    ['results that are not a list', { results: 'Bamenda' }],
    ['not an object', 'Bamenda'],
  ])('refuses %s', (_what, body) => {
    expect(() => parseOpenMeteoPlaces(body)).toThrow(WeatherProviderError);
  });
});
