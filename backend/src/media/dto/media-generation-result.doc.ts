import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IMAGE_SIZES,
  type ImageSize,
  MEDIA_TYPES,
  type MediaGenerationResult,
  type MediaType,
} from '@kasa/contracts';

export class MediaMetadataDoc {
  @ApiProperty({
    example: 'offline-illustration',
    description: 'The engine that drew it: IMAGE_MODEL, or offline-illustration.',
  })
  model: string;

  @ApiProperty({ enum: IMAGE_SIZES })
  size: ImageSize;

  @ApiPropertyOptional({ description: 'The prompt as the provider rewrote it before drawing.' })
  revised_prompt?: string;
}

/** The answer of POST /api/media/generate (MediaGenerationResult in @kasa/contracts). */
export class MediaGenerationResultDoc implements MediaGenerationResult {
  @ApiProperty({ enum: MEDIA_TYPES, example: 'image' })
  type: MediaType;

  @ApiProperty({
    description: 'A short-lived signed link to the stored PNG (works in <img> without a token).',
    example: '/api/files/6f1c0b1e-8d6a-4a43-9f0e-2b8f1f0e4c11?expires=1900000000&sig=…',
  })
  url: string;

  @ApiProperty({ example: 'png' })
  format: string;

  @ApiProperty({ type: MediaMetadataDoc })
  metadata: MediaMetadataDoc;
}
