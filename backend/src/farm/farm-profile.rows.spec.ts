import { emptyFarmProfile, type FarmProfileRow, toFarmProfile } from './farm-profile.rows';

const row: FarmProfileRow = {
  place: 'Bamenda',
  country: 'CM',
  latitude: '5.96',
  longitude: '-10.15',
  crops: ['maize', 'beans'],
  other_crops: 'moringa',
  livestock: ['goats'],
  other_livestock: null,
  size: '2.50',
  size_unit: 'hectares',
  languages: ['en', 'pcm'],
  updated_at: new Date('2026-11-30T04:00:00Z'),
};

describe('toFarmProfile', () => {
  it('reads numeric columns as numbers and the date as ISO text', () => {
    expect(toFarmProfile(row)).toEqual({
      place: 'Bamenda',
      country: 'CM',
      latitude: 5.96,
      longitude: -10.15,
      crops: ['maize', 'beans'],
      otherCrops: 'moringa',
      livestock: ['goats'],
      otherLivestock: null,
      size: 2.5,
      sizeUnit: 'hectares',
      languages: ['en', 'pcm'],
      updatedAt: '2026-11-30T04:00:00.000Z',
    });
  });

  it('leaves out choices that are no longer offered', () => {
    const profile = toFarmProfile({ ...row, crops: ['maize', 'quinoa'], livestock: ['llamas', 'goats'] });
    expect(profile.crops).toEqual(['maize']);
    expect(profile.livestock).toEqual(['goats']);
  });

  it('keeps nulls as nulls', () => {
    const profile = toFarmProfile({ ...row, latitude: null, longitude: null, size: null, size_unit: null });
    expect(profile).toMatchObject({ latitude: null, longitude: null, size: null, sizeUnit: null });
  });

  it('has an empty profile with every field null or empty', () => {
    expect(
      Object.values(emptyFarmProfile()).every((v) => v === null || (Array.isArray(v) && !v.length)),
    ).toBe(true);
  });
});
