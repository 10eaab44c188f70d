import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Matches,
  Max,
  Min,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import {
  FARM_CROPS,
  FARM_LANGUAGES_MAX,
  FARM_LIVESTOCK,
  FARM_SIZE_MAX,
  FARM_SIZE_UNITS,
  FARM_TEXT_MAX_LENGTH,
  type FarmCrop,
  type FarmLivestock,
  type FarmSizeUnit,
  type UpdateFarmProfileRequest,
} from '@kasa/contracts';


const textRule = (field: string) =>
  `${field} must be text of at most ${FARM_TEXT_MAX_LENGTH} characters, or null.`;
export const PLACE_INVALID = textRule('place');
export const OTHER_CROPS_INVALID = textRule('otherCrops');
export const OTHER_LIVESTOCK_INVALID = textRule('otherLivestock');
export const COUNTRY_INVALID =
  'country must be a two-letter country code (ISO 3166-1 alpha-2, like CM or NG), or null.';
export const LATITUDE_INVALID = 'latitude must be a number from -90 to 90, or null.';
export const LONGITUDE_INVALID = 'longitude must be a number from -180 to 180, or null.';
export const COORDINATES_UNPAIRED = 'Send latitude and longitude together, or neither.';
export const CROPS_INVALID = 'crops must be a list of the crops offered; write other crops in otherCrops.';
export const LIVESTOCK_INVALID =
  'livestock must be a list of the animals offered; write other animals in otherLivestock.';
export const SIZE_INVALID = `size must be a number greater than 0 and at most ${FARM_SIZE_MAX}, or null.`;
export const SIZE_UNIT_INVALID = `sizeUnit must be ${FARM_SIZE_UNITS.map((unit) => `'${unit}'`).join(', ')} or null.`;
export const SIZE_UNPAIRED = 'Send size and sizeUnit together, or neither.';
export const LANGUAGES_INVALID = `languages must be a list of at most ${FARM_LANGUAGES_MAX} language codes of 2 or 3 letters (like en, fr or bkm).`;

/** Surrounding spaces go; blank text is no text (null). */
const trimmedOrNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const upperCasedOrNull = (input: { value: unknown }) => {
  const value = trimmedOrNull(input);
  return typeof value === 'string' ? value.toUpperCase() : value;
};

/** A list's items once each, in the order first given; `normalize` applies to text items. */
const uniqueItems =
  (normalize: (item: string) => string = (item) => item) =>
  ({ value }: { value: unknown }) => {
    if (!Array.isArray(value)) return value;
    const items = value.map((item: unknown) => (typeof item === 'string' ? normalize(item) : item));
    return [...new Set(items)];
  };

/** The items of a list that are not among `offered`, quoted for the message. */
function notOffered(offered: readonly string[], args: ValidationArguments): string {
  const items: unknown[] = Array.isArray(args.value) ? (args.value as unknown[]) : [];
  const unknown = items.filter((item) => typeof item !== 'string' || !offered.includes(item));
  return unknown.map((item) => JSON.stringify(item)).join(', ');
}

const choiceMessage = (offered: readonly string[], rule: string) => (args: ValidationArguments) => {
  const unknown = notOffered(offered, args);
  return unknown ? `${rule} Not offered: ${unknown}.` : rule;
};

/**
 * Refused when this field is set and `other` is not (the other field, if set alone, says the same).
 * A field left null skips its own rules (IsOptional), so each of the pair carries this one.
 */
function PairedWith(other: string, message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: 'pairedWith',
      constraints: [other],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          value === null ||
          value === undefined ||
          ((args?.object as Record<string, unknown>)[other] ?? null) !== null,
      },
    },
    { message },
  );
}

/**
 * At most `max` characters counted as PostgreSQL's char_length counts them (code points), which
 * the column checks use: class-validator's MaxLength does not count emoji variation selectors, so
 * a text it accepts could break the column's check.
 */
function MaxCodePoints(max: number, message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxCodePoints',
      constraints: [max],
      validator: { validate: (value: unknown) => typeof value === 'string' && [...value].length <= max },
    },
    { message },
  );
}

/** Free text of the profile: trimmed, blank is null, at most FARM_TEXT_MAX_LENGTH characters. */
function FarmText(message: string, description: string, example: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: FARM_TEXT_MAX_LENGTH,
      description: `${description} Trimmed; blank or null: none.`,
      example,
    })(target, key);
    Transform(trimmedOrNull)(target, key);
    IsOptional()(target, key);
    IsString({ message })(target, key);
    MaxCodePoints(FARM_TEXT_MAX_LENGTH, message)(target, key);
  };
}

/** A coordinate in degrees within ±`limit`, stored rounded (FARM_COORDINATE_DECIMALS). */
function Coordinate(limit: number, message: string, other: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      type: Number,
      nullable: true,
      minimum: -limit,
      maximum: limit,
      description: `Degrees, from the phone's location (with the user's consent); rounded to 2 decimals when stored. Set with ${other}, or neither.`,
    })(target, key);
    IsOptional()(target, key);
    IsNumber({ allowNaN: false, allowInfinity: false }, { message })(target, key);
    Min(-limit, { message })(target, key);
    Max(limit, { message })(target, key);
    PairedWith(other, COORDINATES_UNPAIRED)(target, key);
  };
}

/**
 * Body of PUT /api/farm/profile: the whole profile, replacing the stored one. A field left out is
 * cleared like null (or []). Lists keep their first occurrence of each item.
 */
export class UpdateFarmProfileDto implements UpdateFarmProfileRequest {
  @FarmText(PLACE_INVALID, 'Village or town, as the user writes it.', 'Bamenda')
  place: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: '^[A-Z]{2}$',
    description: 'ISO 3166-1 alpha-2 country code; upper-cased when stored.',
    example: 'CM',
  })
  @Transform(upperCasedOrNull)
  @IsOptional()
  @IsString({ message: COUNTRY_INVALID })
  @Matches(/^[A-Z]{2}$/, { message: COUNTRY_INVALID })
  country: string | null;

  @Coordinate(90, LATITUDE_INVALID, 'longitude')
  latitude: number | null;

  @Coordinate(180, LONGITUDE_INVALID, 'latitude')
  longitude: number | null;

  @ApiPropertyOptional({ enum: FARM_CROPS, enumName: 'FarmCrop', isArray: true, example: ['maize', 'beans'] })
  @Transform(uniqueItems())
  @IsOptional()
  @IsArray({ message: CROPS_INVALID })
  @IsIn(FARM_CROPS, { each: true, message: choiceMessage(FARM_CROPS, CROPS_INVALID) })
  crops: FarmCrop[];

  @FarmText(OTHER_CROPS_INVALID, 'Crops not in the list, comma-separated as typed.', 'moringa, ginger')
  otherCrops: string | null;

  @ApiPropertyOptional({
    enum: FARM_LIVESTOCK,
    enumName: 'FarmLivestock',
    isArray: true,
    example: ['goats', 'poultry'],
  })
  @Transform(uniqueItems())
  @IsOptional()
  @IsArray({ message: LIVESTOCK_INVALID })
  @IsIn(FARM_LIVESTOCK, { each: true, message: choiceMessage(FARM_LIVESTOCK, LIVESTOCK_INVALID) })
  livestock: FarmLivestock[];

  @FarmText(OTHER_LIVESTOCK_INVALID, 'Animals not in the list, comma-separated as typed.', 'snails')
  otherLivestock: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    exclusiveMinimum: true,
    minimum: 0,
    maximum: FARM_SIZE_MAX,
    description: 'Farm size in sizeUnit. Set with sizeUnit, or neither.',
    example: 2,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: SIZE_INVALID })
  @IsPositive({ message: SIZE_INVALID })
  @Max(FARM_SIZE_MAX, { message: SIZE_INVALID })
  @PairedWith('sizeUnit', SIZE_UNPAIRED)
  size: number | null;

  @ApiPropertyOptional({ enum: FARM_SIZE_UNITS, enumName: 'FarmSizeUnit', nullable: true })
  @IsOptional()
  @IsIn(FARM_SIZE_UNITS, { message: SIZE_UNIT_INVALID })
  @PairedWith('size', SIZE_UNPAIRED)
  sizeUnit: FarmSizeUnit | null;

  @ApiPropertyOptional({
    type: [String],
    maxItems: FARM_LANGUAGES_MAX,
    description: 'ISO 639-1 or 639-3 codes; lower-cased when stored.',
    example: ['en', 'pcm'],
  })
  @Transform(uniqueItems((code) => code.trim().toLowerCase()))
  @IsOptional()
  @IsArray({ message: LANGUAGES_INVALID })
  @ArrayMaxSize(FARM_LANGUAGES_MAX, { message: LANGUAGES_INVALID })
  @IsString({ each: true, message: LANGUAGES_INVALID })
  @Matches(/^[a-z]{2,3}$/, { each: true, message: LANGUAGES_INVALID })
  languages: string[];
}
