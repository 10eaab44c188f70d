import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ENHANCEMENT_QUERY_MAX_LENGTH,
  type SearchEngineName,
  type WebSearchRequest,
  type WebSearchResponse,
  type WebSearchResult,
} from '@kasa/contracts';
import { IsConversationId } from '../../../common';

export const QUERY_REQUIRED = 'Please enter a search query.';
export const QUERY_TOO_LONG = `A query can be at most ${ENHANCEMENT_QUERY_MAX_LENGTH} characters long.`;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * The query's rules, in this order (stacked decorators would register bottom-up and tell '{}'
 * its length before that it is missing).
 */
export function QueryText(): PropertyDecorator {
  return (target, key) => {
    Transform(trim)(target, key);
    IsString({ message: QUERY_REQUIRED })(target, key);
    IsNotEmpty({ message: QUERY_REQUIRED })(target, key);
    MaxLength(ENHANCEMENT_QUERY_MAX_LENGTH, { message: QUERY_TOO_LONG })(target, key);
  };
}

/** Body of POST /api/enhancements/search. */
export class WebSearchDto implements WebSearchRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: ENHANCEMENT_QUERY_MAX_LENGTH,
    description: 'What to search for. Surrounding spaces are trimmed; blank is refused.',
    example: 'maize planting season',
  })
  @QueryText()
  query: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', description: "One of the user's conversations." })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;
}

export class WebSearchResultDoc implements WebSearchResult {
  @ApiProperty({ example: 'Maize - Wikipedia' })
  title: string;

  @ApiProperty({
    description: 'An http(s) link, or an in-app path for local results.',
    example: 'https://en.wikipedia.org/wiki/Maize',
  })
  link: string;

  @ApiProperty({ example: 'en.wikipedia.org' })
  displayLink: string;

  @ApiProperty({ description: 'Plain text (no markup).' })
  snippet: string;
}

/** The answer of POST /api/enhancements/search (WebSearchResponse in @kasa/contracts). */
export class WebSearchResponseDoc implements WebSearchResponse {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty({ description: 'The query as searched (trimmed).' })
  query: string;

  @ApiProperty({ type: [WebSearchResultDoc], description: 'At most 10; empty when nothing was found.' })
  results: WebSearchResultDoc[];

  @ApiProperty({
    enum: ['searxng', 'google', 'brave', 'local'],
    description: "The provider that answered; 'local': Kasa's own index (no provider configured).",
  })
  engine: SearchEngineName;
}
