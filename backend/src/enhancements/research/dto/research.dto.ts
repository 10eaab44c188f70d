import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import {
  ENHANCEMENT_QUERY_MAX_LENGTH,
  type ResearchListResponse,
  type ResearchProgress,
  type ResearchRequest,
  type ResearchResponse,
  type ResearchSource,
  type SavedResearch,
} from '@kasa/contracts';
import { IsConversationId } from '../../../common';
import { QueryText } from '../../search/dto/web-search.dto';

export const REQUEST_ID_INVALID = 'requestId must be a UUID.';

/** Body of POST /api/enhancements/research. */
export class ResearchDto implements ResearchRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: ENHANCEMENT_QUERY_MAX_LENGTH,
    description: 'What to research. Surrounding spaces are trimmed; blank is refused.',
    example: 'cassava mosaic disease',
  })
  @QueryText()
  query: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', description: "One of the user's conversations." })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      'An id the client makes to follow progress at GET /api/enhancements/research/progress/{requestId}.',
  })
  @IsOptional()
  @IsUUID('all', { message: REQUEST_ID_INVALID })
  requestId?: string;
}

export class ResearchProgressParams {
  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: REQUEST_ID_INVALID })
  requestId: string;
}

export class ResearchSourceDoc implements ResearchSource {
  @ApiProperty({ example: 'Cassava mosaic virus' })
  title: string;

  @ApiProperty({ description: 'The page fetched (http/https), or an in-app path for local sources.' })
  url: string;

  @ApiProperty({ description: 'Plain text, short.' })
  snippet: string;

  @ApiProperty({ enum: ['encyclopedia', 'web', 'local'] })
  type: 'encyclopedia' | 'web' | 'local';
}

/** The answer of POST /api/enhancements/research (ResearchResponse in @kasa/contracts). */
export class ResearchResponseDoc implements ResearchResponse {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty({ format: 'uuid', description: 'The saved research.' })
  id: string;

  @ApiProperty()
  query: string;

  @ApiProperty({
    description:
      "Cites `sources` by number ([1] is the first). Offline, its first line says it comes from Kasa's local knowledge only.",
  })
  summary: string;

  @ApiProperty({ type: [ResearchSourceDoc], description: 'Only the pages actually read.' })
  sources: ResearchSourceDoc[];

  @ApiProperty({
    enum: ['web', 'offline'],
    description:
      "'web': Wikipedia and the web, summarised by the chat model; 'offline': local index, extractive summary.",
  })
  mode: 'web' | 'offline';
}

export class SavedResearchDoc implements SavedResearch {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  query: string;

  @ApiProperty()
  summary: string;

  @ApiProperty({ type: [ResearchSourceDoc] })
  sources: ResearchSourceDoc[];

  @ApiProperty({ enum: ['web', 'offline'] })
  mode: 'web' | 'offline';

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class ResearchListResponseDoc implements ResearchListResponse {
  @ApiProperty({ type: [SavedResearchDoc], description: 'Newest first, at most 50.' })
  research: SavedResearchDoc[];
}

export class ResearchProgressDoc implements ResearchProgress {
  @ApiProperty({ enum: ['queued', 'searching', 'fetching', 'summarising', 'done', 'failed'] })
  stage: ResearchProgress['stage'];

  @ApiProperty({ minimum: 0, maximum: 100 })
  percent: number;
}
