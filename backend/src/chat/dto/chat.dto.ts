import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_SYSTEM_PROMPT_MAX_LENGTH,
  CHAT_TITLE_MAX_LENGTH,
  type RenameConversationRequest,
  type SendChatRequest,
} from '@kasa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const MESSAGE_REQUIRED = 'Please type a message.';
export const MESSAGE_TOO_LONG = `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters long.`;
export const SYSTEM_PROMPT_INVALID = `systemPrompt must be text of at most ${CHAT_SYSTEM_PROMPT_MAX_LENGTH} characters.`;
export const CONVERSATION_ID_INVALID = 'conversationId must be a conversation id (a UUID).';
export const TITLE_REQUIRED = 'Please enter a title.';
export const TITLE_TOO_LONG = `A title can be at most ${CHAT_TITLE_MAX_LENGTH} characters long.`;
export const SEARCH_QUERY_RULE = 'Search for 1 to 200 characters.';
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** Body of POST /api/chat. */
export class SendChatDto implements SendChatRequest {
  @Transform(trim)
  @IsString({ message: MESSAGE_REQUIRED })
  @IsNotEmpty({ message: MESSAGE_REQUIRED })
  @MaxLength(CHAT_MESSAGE_MAX_LENGTH, { message: MESSAGE_TOO_LONG })
  message: string;

  @IsOptional()
  @IsUUID('all', { message: CONVERSATION_ID_INVALID })
  conversationId?: string;

  @IsOptional()
  @IsString({ message: SYSTEM_PROMPT_INVALID })
  @MaxLength(CHAT_SYSTEM_PROMPT_MAX_LENGTH, { message: SYSTEM_PROMPT_INVALID })
  systemPrompt?: string;
}

/** Body of PATCH /api/chat/conversations/:id. */
export class RenameConversationDto implements RenameConversationRequest {
  @Transform(trim)
  @IsString({ message: TITLE_REQUIRED })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  @MaxLength(CHAT_TITLE_MAX_LENGTH, { message: TITLE_TOO_LONG })
  title: string;
}

/** Path parameter of /api/chat/conversations/:id (a malformed id is a 400, never a database error). */
export class ConversationParams {
  @IsUUID('all', { message: 'The conversation id must be a UUID.' })
  id: string;
}

/** Query of GET /api/chat/search. */
export class SearchChatQuery {
  @Transform(trim)
  @IsString({ message: SEARCH_QUERY_RULE })
  @IsNotEmpty({ message: SEARCH_QUERY_RULE })
  @MaxLength(SEARCH_QUERY_MAX_LENGTH, { message: SEARCH_QUERY_RULE })
  q: string;
}
