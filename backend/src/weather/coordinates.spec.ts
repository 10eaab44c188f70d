import { locationKey, roundCoordinate, roundLocation } from './coordinates';

describe('roundCoordinate', () => {
  it.each([
    [3.871, 3.87],
    [3.874, 3.87],
    [3.876, 3.88],
    [11.5249, 11.52],
    [-4.0461, -4.05],
    [90, 90],
    [-180, -180],
  ])('rounds %d to %d', (value, rounded) => {
    expect(roundCoordinate(value)).toBe(rounded);
  });

  it('makes -0 plain 0, so both spellings share one cache key', () => {
    expect(Object.is(roundCoordinate(-0.001), 0)).toBe(true);
    expect(locationKey(roundLocation(-0.001, 0.004))).toBe(locationKey(roundLocation(0.001, -0.004)));
  });
});

describe('locationKey', () => {
  it('is the same for locations that round alike and differs otherwise', () => {
    expect(locationKey(roundLocation(3.871, 11.521))).toBe('3.87,11.52');
    expect(locationKey(roundLocation(3.874, 11.524))).toBe('3.87,11.52');
    expect(locationKey(roundLocation(3.876, 11.524))).toBe('3.88,11.52');
  });
});
