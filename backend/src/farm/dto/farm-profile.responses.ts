import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  FARM_CROPS,
  FARM_LIVESTOCK,
  FARM_SIZE_UNITS,
  type FarmCrop,
  type FarmLivestock,
  type FarmProfile,
  type FarmSizeUnit,
} from '@kasa/contracts';

@ApiSchema({
  name: 'FarmProfile',
  description: "The signed-in user's farm; every field null or empty before the first save.",
})
export class FarmProfileDoc implements FarmProfile {
  @ApiProperty({ type: String, nullable: true, example: 'Bamenda' })
  place: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'ISO 3166-1 alpha-2, upper case.',
    example: 'CM',
  })
  country: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Rounded to 2 decimals.', example: 5.96 })
  latitude: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Rounded to 2 decimals.', example: 10.15 })
  longitude: number | null;

  @ApiProperty({ enum: FARM_CROPS, enumName: 'FarmCrop', isArray: true })
  crops: FarmCrop[];

  @ApiProperty({ type: String, nullable: true })
  otherCrops: string | null;

  @ApiProperty({ enum: FARM_LIVESTOCK, enumName: 'FarmLivestock', isArray: true })
  livestock: FarmLivestock[];

  @ApiProperty({ type: String, nullable: true })
  otherLivestock: string | null;

  @ApiProperty({ type: Number, nullable: true, example: 2 })
  size: number | null;

  @ApiProperty({ enum: FARM_SIZE_UNITS, enumName: 'FarmSizeUnit', nullable: true })
  sizeUnit: FarmSizeUnit | null;

  @ApiProperty({
    type: [String],
    description: 'ISO 639-1 or 639-3 codes, lower case.',
    example: ['en', 'pcm'],
  })
  languages: string[];

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it was last saved; null before the first save.',
  })
  updatedAt: string | null;
}
