import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import type { CreateShareRequest } from '@kasa/contracts';

export const MEDIA_INDEX_INVALID = 'n must be a whole number from 0 to 9999.';

/** Body of POST /api/shares. */
export class CreateShareDto implements CreateShareRequest {
  @ApiProperty({ type: String, format: 'uuid', description: "One of the user's conversations." })
  @IsUUID('all', { message: 'conversationId must be a conversation id (a UUID).' })
  conversationId: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      'The last message the link shows: one the conversation shows now (404 CHAT_MESSAGE_NOT_FOUND otherwise). Unset: every message shown now.',
  })
  @IsOptional()
  @IsUUID('all', { message: 'upToMessageId must be a message id (a UUID).' })
  upToMessageId?: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: "Show the owner's username on the shared page.",
  })
  @IsOptional()
  @IsBoolean({ message: 'showName must be true or false.' })
  showName?: boolean;
}

/**
 * Path parameter of /api/shares/:id. Any text: one that is not a share id's form is a 404 like an
 * unknown one (a cut or made-up link), answered without a query.
 */
export class ShareParams {
  @ApiProperty({ type: String, pattern: '^[A-Za-z0-9_-]{22}$', example: 'q3V9kC1x0LrT2mZpA8bN4w' })
  @IsString()
  @MaxLength(200, { message: 'The link id is too long.' })
  id: string;
}

/** Path parameters of GET /api/shares/:id/media/:n. */
export class SharedMediaParams extends ShareParams {
  @ApiProperty({
    type: String,
    pattern: '^\\d{1,4}$',
    description: 'Which of the shared files, from 0 (the link the shared message carries).',
    example: '0',
  })
  @IsString({ message: MEDIA_INDEX_INVALID })
  @Matches(/^\d{1,4}$/, { message: MEDIA_INDEX_INVALID })
  n: string;
}
