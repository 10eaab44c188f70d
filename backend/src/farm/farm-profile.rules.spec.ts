import { roundCoordinate, toStoredFarmProfile } from './farm-profile.rules';

describe('roundCoordinate', () => {
  it('keeps two decimals, half away from zero on the number as written', () => {
    expect(roundCoordinate(3.87654)).toBe(3.88);
    expect(roundCoordinate(10.144)).toBe(10.14);
    expect(roundCoordinate(1.005)).toBe(1.01);
    expect(roundCoordinate(-1.005)).toBe(-1.01);
    expect(roundCoordinate(2.675)).toBe(2.68);
    expect(roundCoordinate(-179.996)).toBe(-180);
    expect(roundCoordinate(12.3)).toBe(12.3);
  });

  it('answers 0 for tiny values, never -0 or NaN', () => {
    expect(Object.is(roundCoordinate(-0.001), 0)).toBe(true);
    expect(roundCoordinate(1e-7)).toBe(0);
    expect(roundCoordinate(-5e-324)).toBe(0);
  });

  it('keeps no coordinate as null', () => {
    expect(roundCoordinate(null)).toBeNull();
    expect(roundCoordinate(undefined)).toBeNull();
  });
});

describe('toStoredFarmProfile', () => {
  it('clears the fields left out and rounds the coordinates', () => {
    expect(toStoredFarmProfile({ latitude: 5.96321, longitude: 10.15789, crops: ['maize'] })).toEqual({
      place: null,
      country: null,
      latitude: 5.96,
      longitude: 10.16,
      crops: ['maize'],
      otherCrops: null,
      livestock: [],
      otherLivestock: null,
      size: null,
      sizeUnit: null,
      languages: [],
    });
  });
});
