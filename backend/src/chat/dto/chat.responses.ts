import { applyDecorators } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiProperty,
  ApiPropertyOptional,
  ApiSchema,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  type ChatAttachmentRef,
  type ChatMessage,
  type ChatFeedback,
  type ChatMessageAttachment,
  type ChatMessageStatus,
  type ChatMessageVersion,
  type ChatRole,
  type ChatSearchHit,
  type ChatStreamEvent,
  type ConversationSummary,
  ERROR_CODES,
  type ErrorCode,
  type StopChatResponse,
} from '@kasa/contracts';
import { KEEP_ALIVE_MS } from '../../common/sse';
import { ChatFeedbackDoc } from '../feedback/dto/chat-feedback.responses';
import { VoiceTranscriptDoc } from './voice-transcript.doc';

const CHAT_ROLES: ChatRole[] = ['user', 'assistant'];
const CHAT_MESSAGE_STATUSES: ChatMessageStatus[] = ['complete', 'streaming', 'stopped', 'failed'];

@ApiSchema({ name: 'ChatMessageAttachment', description: 'A file or canvas sent with a user message.' })
export class ChatMessageAttachmentDoc implements Required<ChatMessageAttachment> {
  @ApiProperty({ enum: ['upload', 'canvas'] })
  type: ChatAttachmentRef['type'];

  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, example: 'soil-test.pdf' })
  name: string;

  @ApiProperty({ type: String, example: 'application/pdf' })
  mimeType: string;

  @ApiProperty({ type: String, nullable: true, description: 'A short-lived signed link to the file.' })
  url: string | null;
}

@ApiSchema({ name: 'ChatMessage', description: 'One message of a conversation.' })
export class ChatMessageDoc implements Required<ChatMessage> {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ enum: CHAT_ROLES, enumName: 'ChatRole' })
  role: ChatRole;

  @ApiProperty({ type: String })
  content: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  mediaUrl: string | null;

  @ApiPropertyOptional({ enum: ['image'], nullable: true })
  mediaType: 'image' | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  audioUrl: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  transcription: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'A spoken message: the language (ISO 639-1) its transcription was made in; null otherwise.',
  })
  transcriptionLanguage: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      "A user message sent with a recording: the recording's id, to transcribe it again or answer it with a corrected text (POST /api/voice/turns `recordingId`); null otherwise.",
  })
  recordingId: string | null;

  @ApiProperty({
    enum: CHAT_MESSAGE_STATUSES,
    enumName: 'ChatMessageStatus',
    description:
      "'streaming': the reply is still being written; 'stopped': the user pressed Stop (the text so far is kept); 'failed': the model failed (see error). User messages are 'complete'.",
  })
  status: ChatMessageStatus;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "Why the reply failed, in words for the user ('failed' only).",
  })
  error: string | null;

  @ApiPropertyOptional({
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    nullable: true,
    description: 'The stable code of `error` (null on replies saved before codes existed).',
  })
  errorCode: ErrorCode | null;

  @ApiPropertyOptional({
    type: [ChatMessageAttachmentDoc],
    description: 'Files and canvases sent with a user message (the model read them with it).',
  })
  attachments: ChatMessageAttachmentDoc[];

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      "The message this one answers or follows in the conversation's tree (null: a first message). Versions of a message share it.",
  })
  parentId: string | null;

  @ApiPropertyOptional({
    type: [String],
    description:
      'The versions of this message (same parent, same role, itself included), oldest first; only when there is more than one (PUT /api/chat/conversations/{id}/current shows another).',
  })
  versionIds: string[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Replies: the id of the chat model that wrote it (null on older replies).',
  })
  model: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "Replies: that model's display name while it is configured, else null.",
  })
  modelName: string | null;

  @ApiPropertyOptional({
    type: ChatFeedbackDoc,
    nullable: true,
    description: "Replies: the signed-in user's own feedback on this version, null when none.",
  })
  feedback: ChatFeedback | null;
}

@ApiSchema({
  name: 'ChatMessageVersion',
  description: 'A version of a message (GET /api/chat/messages/{id}/versions).',
})
export class ChatMessageVersionDoc implements Required<ChatMessageVersion> {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ enum: CHAT_ROLES, enumName: 'ChatRole' })
  role: ChatRole;

  @ApiProperty({ enum: CHAT_MESSAGE_STATUSES, enumName: 'ChatMessageStatus' })
  status: ChatMessageStatus;

  @ApiProperty({ type: String, description: 'The first 200 characters of its text.' })
  preview: string;

  @ApiProperty({ type: String, nullable: true, description: 'Replies: the chat model that wrote it.' })
  model: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: Boolean, description: 'This version is on the path the conversation shows.' })
  shown: boolean;
}

@ApiSchema({
  name: 'ConversationSummary',
  description: 'A conversation in the list (newest activity first).',
})
export class ConversationSummaryDoc implements Required<ConversationSummary> {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, example: 'Best time to plant maize' })
  title: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'Last message sent or reply written.' })
  updatedAt: string;

  @ApiProperty({ type: Boolean, description: 'A reply is still being written in this conversation.' })
  generating: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The chat model chosen for this conversation (null: the default).',
  })
  model: string | null;
}

@ApiSchema({ name: 'StopChatResponse' })
export class StopChatResponseDoc implements Required<StopChatResponse> {
  @ApiProperty({ type: Boolean, description: 'False when nothing was being written.' })
  stopped: boolean;
}

@ApiSchema({ name: 'ChatSearchHit', description: "A match in the user's own conversations." })
export class ChatSearchHitDoc implements Required<ChatSearchHit> {
  @ApiProperty({ type: String, format: 'uuid' })
  conversationId: string;

  @ApiProperty({ type: String })
  title: string;

  @ApiProperty({ type: String, format: 'uuid' })
  messageId: string;

  @ApiProperty({ enum: CHAT_ROLES, enumName: 'ChatRole' })
  role: ChatRole;

  @ApiProperty({
    type: String,
    description: 'Text around the match, matched words wrapped in « » (plain text, never HTML).',
    example: 'when to plant «maize» in the rainy season',
  })
  snippet: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

@ApiSchema({
  name: 'ChatStreamEvent',
  description:
    'One `data: {json}` event of the POST /api/chat stream. First the ids, then `content` chunks, then `{done: true}` (`stopped: true` after Stop) or `{error}`.',
})
export class ChatStreamEventDoc implements Required<ChatStreamEvent> {
  @ApiPropertyOptional({ type: String, description: 'The next piece of the reply.' })
  content: string;

  @ApiPropertyOptional({ type: Boolean })
  done: boolean;

  @ApiPropertyOptional({ type: Boolean })
  stopped: boolean;

  @ApiPropertyOptional({ type: String, format: 'uuid' })
  conversationId: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', description: 'First event only.' })
  userMessageId: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description: 'First event only: the id Stop refers to.',
  })
  assistantMessageId: string;

  @ApiPropertyOptional({ type: String, description: 'Why the reply failed, in English words for the user.' })
  error: string;

  @ApiPropertyOptional({
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    description: 'The stable code of `error`, always sent with it.',
  })
  code: ErrorCode;

  @ApiPropertyOptional({
    type: VoiceTranscriptDoc,
    description: 'First event of a voice turn (POST /api/voice/turns) only: what was heard.',
  })
  transcription: VoiceTranscriptDoc;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description:
      'Before the first `content`: the reply waits for the chat model, which writes this many other replies first (a model run on the server itself answers a few at a time). Sent again when the number changes.',
  })
  repliesAhead: number;
}

/** POST /api/chat's answer: a text/event-stream of `data: {json}` ChatStreamEvents (common/sse.ts). */
export function ApiChatEventStream(): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(ChatStreamEventDoc, VoiceTranscriptDoc),
    ApiOkResponse({
      description: `A text/event-stream. Each event is an \`id: <offset>\` line, one \`data: {json}\` line (a ChatStreamEvent) and a blank line: first the ids (id 0), then \`content\` chunks, then \`{done: true}\` or \`{error}\`. The id is the length of the reply text (UTF-16 units) delivered up to and including the event: a cut stream resumes with GET /api/chat/messages/{id}/stream and \`Last-Event-ID\`. A \`: keep-alive\` comment comes every ${KEEP_ALIVE_MS / 1000} s. Failures found before the stream starts are JSON errors.`,
      content: {
        'text/event-stream': {
          schema: { $ref: getSchemaPath(ChatStreamEventDoc) },
          example:
            'id: 0\ndata: {"conversationId":"…","userMessageId":"…","assistantMessageId":"…"}\n\nid: 5\ndata: {"content":"Hello"}\n\nid: 5\ndata: {"done":true,"conversationId":"…"}\n\n',
        },
      },
    }),
  );
}
