import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  IMAGE_SIZES,
  type ImageSize,
  MEDIA_PROMPT_MAX_LENGTH,
  MEDIA_TYPES,
  type MediaGenerateRequest,
  type MediaType,
} from '@kasa/contracts';
import { IsConversationId, IsNewConversationId } from '../../common';

export const PROMPT_REQUIRED = 'Please enter a prompt to generate media.';
export const PROMPT_TOO_LONG = `A prompt can be at most ${MEDIA_PROMPT_MAX_LENGTH} characters long.`;
export const TYPE_INVALID = `type must be one of ${MEDIA_TYPES.join(', ')}.`;
export const SIZE_INVALID = `size must be one of ${IMAGE_SIZES.join(', ')}.`;
export const DEFAULT_IMAGE_SIZE: ImageSize = '1024x1024';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * The prompt's rules, in this order (stacked decorators would register bottom-up and tell '{}'
 * its length before that it is missing).
 */
function PromptText(): PropertyDecorator {
  return (target, key) => {
    Transform(trim)(target, key);
    IsString({ message: PROMPT_REQUIRED })(target, key);
    IsNotEmpty({ message: PROMPT_REQUIRED })(target, key);
    MaxLength(MEDIA_PROMPT_MAX_LENGTH, { message: PROMPT_TOO_LONG })(target, key);
  };
}

/** Body of POST /api/media/generate. */
export class GenerateMediaDto implements MediaGenerateRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: MEDIA_PROMPT_MAX_LENGTH,
    description: 'What to draw, in any language. Surrounding spaces are trimmed; blank is refused.',
    example: 'A baobab tree at sunset',
  })
  @PromptText()
  prompt: string;

  @ApiProperty({ enum: MEDIA_TYPES, description: "'video' is refused (422): it is not available yet." })
  @IsIn(MEDIA_TYPES, { message: TYPE_INVALID })
  type: MediaType;

  @ApiPropertyOptional({ enum: IMAGE_SIZES, default: DEFAULT_IMAGE_SIZE, description: 'Images only.' })
  @IsOptional()
  @IsIn(IMAGE_SIZES, { message: SIZE_INVALID })
  size?: ImageSize;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      "One of the user's conversations: the prompt and the image become its messages (the chat's quick actions).",
  })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      'Instead of conversationId, from a new chat: the id the app chose for it. The prompt and the image start that conversation, titled from the prompt; another result sent with the same id joins it. Nothing more is charged for the conversation.',
  })
  @IsOptional()
  @IsNewConversationId()
  newConversationId?: string;
}
