import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ChatFeedback, ChatFeedbackRating } from '@kasa/contracts';
import { CHAT_FEEDBACK_RATINGS } from './chat-feedback.dto';

@ApiSchema({ name: 'ChatFeedback', description: "The signed-in user's feedback on one reply version." })
export class ChatFeedbackDoc implements Required<ChatFeedback> {
  @ApiProperty({ enum: CHAT_FEEDBACK_RATINGS, enumName: 'ChatFeedbackRating' })
  rating: ChatFeedbackRating;

  @ApiProperty({ type: String, nullable: true, description: 'The reason given, trimmed (null: none).' })
  reason: string | null;

  @ApiProperty({ type: String, format: 'date-time', description: 'When it was last given or changed.' })
  updatedAt: string;
}
