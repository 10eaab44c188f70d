import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import {
  SPEECH_FORMATS,
  SPEECH_TEXT_MAX_LENGTH,
  SPEECH_VOICES,
  type SpeakRequest,
  type SpeechFormat,
  type SpeechVoice,
} from '@kasa/contracts';
import { IsConversationId, IsNewConversationId } from '../../common';

export const TEXT_REQUIRED = 'Please enter text to convert to speech.';
export const TEXT_TOO_LONG = `The text can be at most ${SPEECH_TEXT_MAX_LENGTH} characters long.`;
export const VOICE_INVALID = `voice must be one of ${SPEECH_VOICES.join(', ')}.`;
export const FORMAT_INVALID = `format must be one of ${SPEECH_FORMATS.join(', ')}.`;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * Trimmed text that must be there, then fit. The rules run in this order (stacked decorators
 * would register bottom-up and tell '{}' about the length first).
 */
function RequiredText(): PropertyDecorator {
  return (target, key) => {
    Transform(trim)(target, key);
    IsString({ message: TEXT_REQUIRED })(target, key);
    IsNotEmpty({ message: TEXT_REQUIRED })(target, key);
    MaxLength(SPEECH_TEXT_MAX_LENGTH, { message: TEXT_TOO_LONG })(target, key);
  };
}

/**
 * May be left out (the default applies), never null: IsOptional would let null through to the
 * speech engine, which fails on it (a 502 instead of this 400).
 */
const OmittedOrValid = () => ValidateIf((_body: unknown, value: unknown) => value !== undefined);

/** Body of POST /api/voice/speak. */
export class SpeakDto implements SpeakRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: SPEECH_TEXT_MAX_LENGTH,
    description: 'Surrounding spaces are trimmed; blank is refused.',
    example: 'Plant maize at the start of the rainy season.',
  })
  @RequiredText()
  text: string;

  @ApiPropertyOptional({ enum: SPEECH_VOICES, default: 'alloy' })
  @OmittedOrValid()
  @IsIn(SPEECH_VOICES, { message: VOICE_INVALID })
  voice: SpeechVoice = 'alloy';

  @ApiPropertyOptional({ enum: SPEECH_FORMATS, default: 'mp3' })
  @OmittedOrValid()
  @IsIn(SPEECH_FORMATS, { message: FORMAT_INVALID })
  format: SpeechFormat = 'mp3';

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      "One of the user's conversations: the text and the speech become its last two messages (the chat's Text to Speech quick action).",
  })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      'Instead of conversationId, from a new chat: the id the app chose for it. The text and the speech start that conversation, titled from the text; another result sent with the same id joins it.',
  })
  @IsOptional()
  @IsNewConversationId()
  newConversationId?: string;
}
