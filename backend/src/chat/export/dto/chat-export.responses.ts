import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ChatConversationExport, ChatMessageStatus, ChatRole } from '@kasa/contracts';

type ExportedMessage = ChatConversationExport['messages'][number];

const CHAT_ROLES: ChatRole[] = ['user', 'assistant'];
const CHAT_MESSAGE_STATUSES: ChatMessageStatus[] = ['complete', 'streaming', 'stopped', 'failed'];

@ApiSchema({ name: 'ChatExportedAttachment', description: 'A file the message was sent with, by name.' })
export class ChatExportedAttachmentDoc {
  @ApiProperty({ type: String, example: 'soil-test.pdf' })
  name: string;

  @ApiProperty({ type: String, example: 'application/pdf' })
  mimeType: string;
}

@ApiSchema({ name: 'ChatExportedMessage', description: 'One message the conversation shows.' })
export class ChatExportedMessageDoc implements ExportedMessage {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The message it follows.' })
  parentId: string | null;

  @ApiProperty({ enum: CHAT_ROLES, enumName: 'ChatRole' })
  role: ChatRole;

  @ApiProperty({ type: String, description: 'Markdown for replies.' })
  content: string;

  @ApiProperty({ enum: CHAT_MESSAGE_STATUSES, enumName: 'ChatMessageStatus' })
  status: ChatMessageStatus;

  @ApiProperty({ type: String, nullable: true, description: 'Replies: the id of the model that wrote it.' })
  model: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: [ChatExportedAttachmentDoc] })
  attachments: Array<{ name: string; mimeType: string }>;

  @ApiProperty({ enum: ['image'], nullable: true, description: 'The message showed an image.' })
  mediaType: 'image' | null;

  @ApiProperty({ type: String, nullable: true })
  transcription: string | null;
}

@ApiSchema({
  name: 'ChatConversationExport',
  description: 'The JSON export (format=json): the messages the conversation shows, oldest first.',
})
export class ChatConversationExportDoc implements ChatConversationExport {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String })
  title: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time' })
  exportedAt: string;

  @ApiProperty({ type: [ChatExportedMessageDoc] })
  messages: ExportedMessage[];
}
