import { BadRequestException } from '@nestjs/common';
import { FARM_LANGUAGES_MAX, FARM_TEXT_MAX_LENGTH } from '@kasa/contracts';
import { createValidationPipe } from '../../common';
import {
  COORDINATES_UNPAIRED,
  COUNTRY_INVALID,
  CROPS_INVALID,
  LANGUAGES_INVALID,
  LATITUDE_INVALID,
  LIVESTOCK_INVALID,
  LONGITUDE_INVALID,
  PLACE_INVALID,
  SIZE_INVALID,
  SIZE_UNIT_INVALID,
  SIZE_UNPAIRED,
  UpdateFarmProfileDto,
} from './update-farm-profile.dto';

const metadata = { type: 'body' as const, metatype: UpdateFarmProfileDto };
const validate = (body: object) =>
  createValidationPipe().transform(body, metadata) as Promise<UpdateFarmProfileDto>;

async function problems(body: object): Promise<string[]> {
  const error = await validate(body).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BadRequestException);
  const response = (error as BadRequestException).getResponse() as { code: string; details: string[] };
  expect(response.code).toBe('VALIDATION_FAILED');
  return response.details;
}

const full = {
  place: 'Bamenda',
  country: 'CM',
  latitude: 5.96,
  longitude: 10.15,
  crops: ['maize', 'beans'],
  otherCrops: 'moringa',
  livestock: ['goats'],
  otherLivestock: null,
  size: 2,
  sizeUnit: 'hectares',
  languages: ['en', 'pcm'],
};

describe('UpdateFarmProfileDto', () => {
  it('accepts a whole profile, and an empty body (every field cleared)', async () => {
    await expect(validate(full)).resolves.toEqual(full);
    await expect(validate({})).resolves.toEqual({});
  });

  it('trims text, makes blank text null, upper-cases the country and lower-cases languages', async () => {
    const dto = await validate({
      place: '  Bamenda ',
      otherCrops: '   ',
      country: ' cm ',
      languages: [' EN', 'pcm', 'en'],
    });
    expect(dto).toMatchObject({
      place: 'Bamenda',
      otherCrops: null,
      country: 'CM',
      languages: ['en', 'pcm'],
    });
  });

  it('keeps each crop, animal and language once, in the order first given', async () => {
    const dto = await validate({ crops: ['beans', 'maize', 'beans'], livestock: ['goats', 'goats'] });
    expect(dto.crops).toEqual(['beans', 'maize']);
    expect(dto.livestock).toEqual(['goats']);
  });

  it('refuses text longer than the limit after trimming, and accepts the limit itself', async () => {
    await expect(validate({ place: ` ${'a'.repeat(FARM_TEXT_MAX_LENGTH)} ` })).resolves.toBeDefined();
    expect(await problems({ place: 'a'.repeat(FARM_TEXT_MAX_LENGTH + 1) })).toEqual([PLACE_INVALID]);
    expect(await problems({ place: 12 })).toEqual([PLACE_INVALID]);
    // Counted as the database counts: an emoji with its variation selector is two characters.
    expect(await problems({ place: '❤️'.repeat(FARM_TEXT_MAX_LENGTH / 2 + 1) })).toEqual([PLACE_INVALID]);
    await expect(validate({ place: '🌽'.repeat(FARM_TEXT_MAX_LENGTH) })).resolves.toBeDefined();
  });

  it('refuses a country that is not two letters', async () => {
    for (const country of ['CMR', 'C1', 'C', 7])
      expect(await problems({ country })).toEqual([COUNTRY_INVALID]);
  });

  it('refuses coordinates out of range, not numbers, or one without the other', async () => {
    expect(await problems({ latitude: 90.5, longitude: 0 })).toEqual([LATITUDE_INVALID]);
    expect(await problems({ latitude: 0, longitude: -181 })).toEqual([LONGITUDE_INVALID]);
    expect(await problems({ latitude: '5', longitude: 10 })).toEqual([LATITUDE_INVALID]);
    expect(await problems({ latitude: 5 })).toEqual([COORDINATES_UNPAIRED]);
    expect(await problems({ latitude: null, longitude: 10 })).toEqual([COORDINATES_UNPAIRED]);
    await expect(validate({ latitude: -90, longitude: 180 })).resolves.toBeDefined();
  });

  it('names the crops and animals that are not offered', async () => {
    const [crops] = await problems({ crops: ['maize', 'quinoa'] });
    expect(crops.startsWith(CROPS_INVALID)).toBe(true);
    expect(crops).toContain('"quinoa"');
    expect(crops).not.toContain('"maize"');
    const [livestock] = await problems({ livestock: ['llamas'] });
    expect(livestock).toContain(LIVESTOCK_INVALID);
    expect(livestock).toContain('"llamas"');
    expect(await problems({ crops: 'maize' })).toEqual([CROPS_INVALID]);
  });

  it('refuses a size of 0 or less, above 100000, or without its unit, and an unknown unit', async () => {
    expect(await problems({ size: 0, sizeUnit: 'acres' })).toEqual([SIZE_INVALID]);
    expect(await problems({ size: -1, sizeUnit: 'acres' })).toEqual([SIZE_INVALID]);
    expect(await problems({ size: 100_000.5, sizeUnit: 'acres' })).toEqual([SIZE_INVALID]);
    expect(await problems({ size: 3 })).toEqual([SIZE_UNPAIRED]);
    expect(await problems({ sizeUnit: 'acres' })).toEqual([SIZE_UNPAIRED]);
    expect(await problems({ size: 3, sizeUnit: 'feet' })).toEqual([SIZE_UNIT_INVALID]);
    await expect(validate({ size: 100_000, sizeUnit: 'square-metres' })).resolves.toBeDefined();
    await expect(validate({ size: 0.25, sizeUnit: 'hectares' })).resolves.toBeDefined();
  });

  it('refuses language codes that are not 2 or 3 letters, and too many languages', async () => {
    for (const languages of [['english'], ['e'], ['en-GB'], [7], 'en'])
      expect(await problems({ languages })).toEqual([LANGUAGES_INVALID]);
    const many = ['aa', 'ab', 'ae', 'af', 'ak', 'am', 'an', 'ar', 'as'];
    expect(many.length).toBeGreaterThan(FARM_LANGUAGES_MAX);
    expect(await problems({ languages: many })).toEqual([LANGUAGES_INVALID]);
    // The same code repeated is one language.
    await expect(validate({ languages: Array(20).fill('en') })).resolves.toEqual({ languages: ['en'] });
  });

  it('refuses unknown fields', async () => {
    expect(await problems({ ...full, updatedAt: '2026-01-01T00:00:00Z' })).toEqual([
      'property updatedAt should not exist',
    ]);
  });
});
