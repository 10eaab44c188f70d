import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type {
  ChatMessageStatus,
  ChatRole,
  SharedConversation,
  SharedMessage,
  ShareSummary,
} from '@kasa/contracts';

const CHAT_ROLES: ChatRole[] = ['user', 'assistant'];
const CHAT_MESSAGE_STATUSES: ChatMessageStatus[] = ['complete', 'streaming', 'stopped', 'failed'];

@ApiSchema({ name: 'ShareSummary', description: 'A shared link as its owner lists it.' })
export class ShareSummaryDoc implements ShareSummary {
  @ApiProperty({
    type: String,
    example: 'q3V9kC1x0LrT2mZpA8bN4w',
    description: '128 random bits, base64url.',
  })
  id: string;

  @ApiProperty({ type: String, example: '/s/q3V9kC1x0LrT2mZpA8bN4w', description: "The shared page's path." })
  path: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  conversationId: string | null;

  @ApiProperty({ type: String, description: "The conversation's title when the link was made." })
  title: string;

  @ApiProperty({ type: Number, description: 'How many messages the link shows.' })
  messageCount: number;

  @ApiProperty({ type: Boolean, description: "The shared page shows the owner's username." })
  showName: boolean;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

@ApiSchema({
  name: 'SharedMessage',
  description: "A message on a shared page: no ids of the owner's data, files through the link's own paths.",
})
export class SharedMessageDoc implements SharedMessage {
  @ApiProperty({ enum: CHAT_ROLES, enumName: 'ChatRole' })
  role: ChatRole;

  @ApiProperty({ type: String, description: "Markdown for replies, the user's text for their messages." })
  content: string;

  @ApiProperty({ enum: CHAT_MESSAGE_STATUSES, enumName: 'ChatMessageStatus' })
  status: ChatMessageStatus;

  @ApiProperty({ type: String, nullable: true, description: "Replies: the model's display name." })
  modelName: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '/api/shares/q3V9kC1x0LrT2mZpA8bN4w/media/0',
    description: 'The image, served by GET /api/shares/{id}/media/{n} while the link lives.',
  })
  imageUrl: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'A recording, served the same way.' })
  audioUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  transcription: string | null;

  @ApiProperty({
    type: [String],
    description: 'Names of the files the message was sent with (the files are not shared).',
  })
  attachmentNames: string[];
}

@ApiSchema({ name: 'SharedConversation', description: 'What a shared link shows (public, no account).' })
export class SharedConversationDoc implements SharedConversation {
  @ApiProperty({ type: String, example: 'q3V9kC1x0LrT2mZpA8bN4w' })
  id: string;

  @ApiProperty({ type: String })
  title: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The owner's username when they chose to show it, else null.",
  })
  author: string | null;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the link was made.' })
  createdAt: string;

  @ApiProperty({ type: [SharedMessageDoc], description: 'Oldest first.' })
  messages: SharedMessage[];
}
