import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  CHAT_FEEDBACK_REASON_MAX_LENGTH,
  type ChatFeedbackRating,
  type ChatFeedbackRequest,
} from '@kasa/contracts';

export const CHAT_FEEDBACK_RATINGS: ChatFeedbackRating[] = ['up', 'down'];
export const RATING_INVALID = "rating must be 'up' or 'down'.";
export const REASON_INVALID = `reason must be text of at most ${CHAT_FEEDBACK_REASON_MAX_LENGTH} characters, or null.`;

/** Surrounding spaces go; a reason of only spaces is no reason (null). */
const trimmedOrNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** Body of PUT /api/chat/messages/:id/feedback. */
export class ChatFeedbackDto implements ChatFeedbackRequest {
  @ApiProperty({ enum: CHAT_FEEDBACK_RATINGS, enumName: 'ChatFeedbackRating' })
  @IsIn(CHAT_FEEDBACK_RATINGS, { message: RATING_INVALID })
  rating: ChatFeedbackRating;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: CHAT_FEEDBACK_REASON_MAX_LENGTH,
    description: "What was good or wrong, in the user's words. Trimmed; blank or null: no reason.",
    example: 'The planting dates are for another region.',
  })
  @Transform(trimmedOrNull)
  @IsOptional()
  @IsString({ message: REASON_INVALID })
  @MaxLength(CHAT_FEEDBACK_REASON_MAX_LENGTH, { message: REASON_INVALID })
  reason?: string | null;
}
