import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  CHAT_ATTACHMENTS_MAX,
  type ChatAttachmentRef,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_SYSTEM_PROMPT_MAX_LENGTH,
  CHAT_TITLE_MAX_LENGTH,
  CHAT_ROOT_PARENT_ID,
  type RegenerateReplyRequest,
  type RenameConversationRequest,
  type SendChatRequest,
  type ShowVersionRequest,
} from '@kasa/contracts';
import { IsConversationId } from '../../common';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const MESSAGE_REQUIRED = 'Please type a message.';
export const MESSAGE_TOO_LONG = `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters long.`;
export const SYSTEM_PROMPT_INVALID = `systemPrompt must be text of at most ${CHAT_SYSTEM_PROMPT_MAX_LENGTH} characters.`;
export const TITLE_REQUIRED = 'Please enter a title.';
export const TITLE_TOO_LONG = `A title can be at most ${CHAT_TITLE_MAX_LENGTH} characters long.`;
export const SEARCH_QUERY_RULE = 'Search for 1 to 200 characters.';
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const ATTACHMENTS_INVALID = `attachments must be a list of at most ${CHAT_ATTACHMENTS_MAX} {type, id} objects.`;
export const ATTACHMENTS_TOO_MANY = `A message can carry at most ${CHAT_ATTACHMENTS_MAX} attachments.`;
export const ATTACHMENTS_DUPLICATE = 'The same attachment is listed twice.';
export const ATTACHMENT_TYPE_INVALID = "An attachment's type must be 'upload' or 'canvas'.";
export const ATTACHMENT_ID_INVALID = "An attachment's id must be a UUID.";
const ATTACHMENT_TYPES: ChatAttachmentRef['type'][] = ['upload', 'canvas'];
/** Longest chat model id (conversations.model, chat_messages.model). */
export const CHAT_MODEL_ID_MAX_LENGTH = 200;
export const MODEL_INVALID = `model must be the id of a chat model (text of at most ${CHAT_MODEL_ID_MAX_LENGTH} characters).`;
export const PARENT_MESSAGE_ID_INVALID = 'parentMessageId must be a message id (a UUID) or null.';
export const MESSAGE_ID_INVALID = 'The message id must be a UUID.';

/** A chat model's id, optional: its existence and the plan are checked by ChatModelsService.choose. */
function ModelId(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      type: String,
      maxLength: CHAT_MODEL_ID_MAX_LENGTH,
      description:
        "A chat model's id (GET /api/chat/models); kept as the conversation's model. Unset: the conversation's model, else the default. 400 CHAT_MODEL_UNKNOWN, 403 CHAT_MODEL_NOT_ALLOWED.",
    })(target, key);
    IsOptional()(target, key);
    IsString({ message: MODEL_INVALID })(target, key);
    MaxLength(CHAT_MODEL_ID_MAX_LENGTH, { message: MODEL_INVALID })(target, key);
  };
}

/** As SendChatDto.systemPrompt. */
function SystemPrompt(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      type: String,
      maxLength: CHAT_SYSTEM_PROMPT_MAX_LENGTH,
      description: "Extra instructions added to the assistant's fixed system prompt.",
    })(target, key);
    IsOptional()(target, key);
    IsString({ message: SYSTEM_PROMPT_INVALID })(target, key);
    MaxLength(CHAT_SYSTEM_PROMPT_MAX_LENGTH, { message: SYSTEM_PROMPT_INVALID })(target, key);
  };
}

/**
 * Trimmed text that must be there, then fit. The rules run in this order (stacked decorators
 * would register bottom-up, so '{}' was told "at most 8000 characters" before "type a message").
 */
function RequiredText(maxLength: number, required: string, tooLong: string): PropertyDecorator {
  return (target, key) => {
    Transform(trim)(target, key);
    IsString({ message: required })(target, key);
    IsNotEmpty({ message: required })(target, key);
    MaxLength(maxLength, { message: tooLong })(target, key);
  };
}

/** One attachment of a sent message: an upload (POST /api/enhancements/upload) or a saved canvas. */
export class ChatAttachmentRefDto implements ChatAttachmentRef {
  @ApiProperty({ enum: ATTACHMENT_TYPES })
  @IsIn(ATTACHMENT_TYPES, { message: ATTACHMENT_TYPE_INVALID })
  type: ChatAttachmentRef['type'];

  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: ATTACHMENT_ID_INVALID })
  id: string;
}

/** Body of POST /api/chat. */
export class SendChatDto implements SendChatRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: CHAT_MESSAGE_MAX_LENGTH,
    description: 'Surrounding spaces are trimmed; blank is refused.',
    example: 'When should I plant maize in Cameroon?',
  })
  @RequiredText(CHAT_MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED, MESSAGE_TOO_LONG)
  message: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', description: 'Omit to start a new conversation.' })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;

  @SystemPrompt()
  systemPrompt?: string;

  @ApiPropertyOptional({
    type: [ChatAttachmentRefDto],
    maxItems: CHAT_ATTACHMENTS_MAX,
    description:
      "The user's own uploads and canvases, each once; the model reads their text (and sees the images). An unknown or another user's id is a 404 CHAT_ATTACHMENT_NOT_FOUND.",
  })
  @IsOptional()
  @IsArray({ message: ATTACHMENTS_INVALID })
  @ArrayMaxSize(CHAT_ATTACHMENTS_MAX, { message: ATTACHMENTS_TOO_MANY })
  @IsObject({ each: true, message: ATTACHMENTS_INVALID })
  @ArrayUnique((ref: Partial<ChatAttachmentRef> | null) => `${ref?.type}:${String(ref?.id).toLowerCase()}`, {
    message: ATTACHMENTS_DUPLICATE,
  })
  @ValidateNested({ each: true })
  @Type(() => ChatAttachmentRefDto)
  attachments?: ChatAttachmentRefDto[];

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: `Where the message goes in the conversation's tree (needs conversationId). Unset: after the message shown last. A message id of the conversation: a new branch from there (resending an edited message: the parent of the message it replaces). null or ${CHAT_ROOT_PARENT_ID}: a new branch from the start. 404 CHAT_MESSAGE_NOT_FOUND when not a message of this conversation.`,
  })
  @IsOptional()
  @IsUUID('all', { message: PARENT_MESSAGE_ID_INVALID })
  parentMessageId?: string | null;

  @ModelId()
  model?: string;
}

/** Body of POST /api/chat/messages/:id/regenerate (may be empty). */
export class RegenerateReplyDto implements RegenerateReplyRequest {
  @ModelId()
  model?: string;

  @SystemPrompt()
  systemPrompt?: string;
}

/** Body of PUT /api/chat/conversations/:id/current. */
export class ShowVersionDto implements ShowVersionRequest {
  @ApiProperty({
    type: String,
    format: 'uuid',
    description:
      'The version to show (any message of the conversation): the conversation then shows it and its newest descendants.',
  })
  @IsUUID('all', { message: MESSAGE_ID_INVALID })
  messageId: string;
}

/** Path parameter of /api/chat/messages/:id/regenerate and /versions. */
export class MessageParams {
  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: MESSAGE_ID_INVALID })
  id: string;
}

/** Body of PATCH /api/chat/conversations/:id. */
export class RenameConversationDto implements RenameConversationRequest {
  @ApiProperty({ type: String, minLength: 1, maxLength: CHAT_TITLE_MAX_LENGTH, example: 'Maize planting' })
  @RequiredText(CHAT_TITLE_MAX_LENGTH, TITLE_REQUIRED, TITLE_TOO_LONG)
  title: string;
}

/** Path parameter of /api/chat/conversations/:id (a malformed id is a 400, never a database error). */
export class ConversationParams {
  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: 'The conversation id must be a UUID.' })
  id: string;
}

/** Query of GET /api/chat/search. */
export class SearchChatQuery {
  @ApiProperty({ type: String, minLength: 1, maxLength: SEARCH_QUERY_MAX_LENGTH, example: 'maize' })
  @RequiredText(SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_RULE, SEARCH_QUERY_RULE)
  q: string;
}
