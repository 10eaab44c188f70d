import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsISO31661Alpha2,
  IsNumber,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  type ValidationArguments,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
  Validate,
} from 'class-validator';

export const PLACE_MAX_LENGTH = 120;

export const LOCATION_REQUIRED = 'Give latitude and longitude, or a place and its country.';
export const LOCATION_FORMS_MIXED =
  'Give either latitude and longitude or a place and its country, not both.';
export const LATITUDE_INVALID = 'latitude must be a number from -90 to 90.';
export const LONGITUDE_INVALID = 'longitude must be a number from -180 to 180.';
export const PLACE_INVALID = `place must be a name of 1 to ${PLACE_MAX_LENGTH} characters.`;
export const COUNTRY_INVALID = 'country must be a two-letter ISO country code, such as CM.';

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** Only a plain decimal is a coordinate: '' or '1e2' or a repeated parameter becomes NaN and is refused. */
const toCoordinate = ({ value }: { value: unknown }) =>
  typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value.trim()) : Number.NaN;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimUpper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;

const coordinatesGiven = (query: WeatherForecastQuery) =>
  query.latitude !== undefined || query.longitude !== undefined;
const placeGiven = (query: WeatherForecastQuery) => query.place !== undefined || query.country !== undefined;

/** Refuses a query that gives both forms of location. */
@ValidatorConstraint({ name: 'oneLocationForm' })
class OneLocationForm implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    return !coordinatesGiven(args.object as WeatherForecastQuery);
  }
  defaultMessage(): string {
    return LOCATION_FORMS_MIXED;
  }
}

/**
 * GET /api/weather/forecast: latitude and longitude, or a place and its country. With neither,
 * the coordinates are asked for; with only half of a form, its other half.
 */
export class WeatherForecastQuery {
  @ApiPropertyOptional({
    type: Number,
    minimum: -90,
    maximum: 90,
    example: 3.87,
    description: 'With longitude.',
  })
  @ValidateIf((query: WeatherForecastQuery) => query.latitude !== undefined || !placeGiven(query))
  @Transform(toCoordinate)
  @IsDefined({
    message: (args: ValidationArguments) =>
      coordinatesGiven(args.object as WeatherForecastQuery) ? LATITUDE_INVALID : LOCATION_REQUIRED,
  })
  @IsNumber({}, { message: LATITUDE_INVALID })
  @Min(-90, { message: LATITUDE_INVALID })
  @Max(90, { message: LATITUDE_INVALID })
  latitude?: number;

  @ApiPropertyOptional({
    type: Number,
    minimum: -180,
    maximum: 180,
    example: 11.52,
    description: 'With latitude.',
  })
  @ValidateIf((query: WeatherForecastQuery) => coordinatesGiven(query) || !placeGiven(query))
  @Transform(toCoordinate)
  @IsNumber({}, { message: LONGITUDE_INVALID })
  @Min(-180, { message: LONGITUDE_INVALID })
  @Max(180, { message: LONGITUDE_INVALID })
  longitude?: number;

  @ApiPropertyOptional({
    type: String,
    minLength: 1,
    maxLength: PLACE_MAX_LENGTH,
    example: 'Bamenda',
    description: 'A town or village, with country; instead of the coordinates.',
  })
  @ValidateIf((query: WeatherForecastQuery) => placeGiven(query))
  @Transform(trim)
  @IsString({ message: PLACE_INVALID })
  @MinLength(1, { message: PLACE_INVALID })
  @MaxLength(PLACE_MAX_LENGTH, { message: PLACE_INVALID })
  @Validate(OneLocationForm)
  place?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: '^[A-Z]{2}$',
    example: 'CM',
    description: 'ISO 3166-1 alpha-2, with place.',
  })
  @ValidateIf((query: WeatherForecastQuery) => placeGiven(query))
  @Transform(trimUpper)
  @IsString({ message: COUNTRY_INVALID })
  @IsISO31661Alpha2({ message: COUNTRY_INVALID })
  @Validate(OneLocationForm)
  country?: string;
}
