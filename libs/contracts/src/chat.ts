import type { ErrorCode } from './errors';

/** Longest message a user can send in one go (characters). */
export const CHAT_MESSAGE_MAX_LENGTH = 8000;
/** Longest extra instructions a client may add to the fixed system prompt (`systemPrompt`). */
export const CHAT_SYSTEM_PROMPT_MAX_LENGTH = 2000;
/** Longest conversation title (set from the first message, or by a rename). */
export const CHAT_TITLE_MAX_LENGTH = 120;

export type ChatRole = 'user' | 'assistant';

/**
 * Where an assistant reply stands. 'streaming': still being written (the client may have gone
 * away: the reply goes on and is saved); 'stopped': the user pressed Stop, the text so far is
 * kept; 'failed': the model failed, the text so far (maybe none) is kept with `error`.
 * User messages are always 'complete'.
 */
export type ChatMessageStatus = 'complete' | 'streaming' | 'stopped' | 'failed';

/** A chat message. GET /api/chat/conversations/{id} answers an array of these, oldest first. */
export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
  mediaUrl?: string | null;
  mediaType?: 'image' | null;
  audioUrl?: string | null;
  transcription?: string | null;
  status: ChatMessageStatus;
  /** Why the reply failed, in words for the user (status 'failed' only). */
  error?: string | null;
  /** The stable code of `error` (the UI shows its text in the user's language); null on older rows. */
  errorCode?: ErrorCode | null;
  /** Files and canvases sent with a user message (the model read them with it). */
  attachments?: ChatMessageAttachment[];
  createdAt: string;
}

/** Most attachments one message can carry. */
export const CHAT_ATTACHMENTS_MAX = 10;

/** What a message is sent with: an upload (POST /api/enhancements/upload) or a saved canvas. */
export interface ChatAttachmentRef {
  type: 'upload' | 'canvas';
  id: string;
}

/** An attachment as a message shows it; `url` is a short-lived signed link (images open in <img>). */
export interface ChatMessageAttachment extends ChatAttachmentRef {
  name: string;
  mimeType: string;
  url: string | null;
}

/** A conversation in the list. GET /api/chat/conversations answers an array, newest first. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: string;
  /** The last activity (a message sent or a reply written). The list is ordered by it. */
  updatedAt: string;
  /** A reply is still being written in this conversation. */
  generating: boolean;
}

/** POST /api/chat. */
export interface SendChatRequest {
  message: string;
  conversationId?: string;
  systemPrompt?: string;
  /** The composer draft's files and canvases: the model receives their text (and images). */
  attachments?: ChatAttachmentRef[];
}

/**
 * One `data: {json}` line of the POST /api/chat stream (text/event-stream). In order:
 * - first `{conversationId, userMessageId, assistantMessageId}` (the ids, so the client can Stop);
 * - then `{content}` chunks;
 * - then `{done: true, conversationId}`, or `{error, code, conversationId}` when the model failed
 *   (the user's message is kept either way). A stopped reply ends with `{done: true, stopped: true}`.
 */
export interface ChatStreamEvent {
  content?: string;
  done?: boolean;
  stopped?: boolean;
  conversationId?: string;
  userMessageId?: string;
  assistantMessageId?: string;
  /** Why the reply failed, in English words (the UI's fallback). */
  error?: string;
  /** The stable code of `error`, always sent with it. */
  code?: ErrorCode;
}

/**
 * Offline sends. POST /api/chat accepts this header: a UUID the client makes once per
 * message and sends again on every retry. A second POST with the same key from the same user
 * creates nothing and charges nothing: it answers the same stream (the ids event, then the reply
 * from where the client asks, see CHAT_REPLY_STREAM_PATH) as if it were the first. The header is IDEMPOTENCY_KEY_HEADER (media.ts), as for media and voice. The same key
 * with a different message is refused (409 CHAT_IDEMPOTENCY_KEY_REUSED). Keys are kept 24 h.
 */
export const CHAT_IDEMPOTENCY_TTL_HOURS = 24;

/**
 * Resumable replies. Every event of a chat stream carries an SSE `id:` line: the number
 * of UTF-16 units of reply text (`content`) delivered up to and including that event, as a decimal
 * string. The ids event is `id: 0`; the final `{done}` / `{error}` event repeats the last offset.
 * A client whose stream was cut reattaches with
 *   GET /api/chat/messages/{assistantMessageId}/stream   (header `Last-Event-ID: <offset>`,
 *                                                         or `?lastEventId=<offset>`)
 * on any API instance: it answers the ids event again, then the text after that offset (possibly
 * as one chunk), the live chunks, and the final event. A finished reply answers its remaining text
 * and final event at once. 404 CHAT_MESSAGE_NOT_FOUND when the message is not the user's reply.
 */
export const chatReplyStreamPath = (assistantMessageId: string) =>
  `/api/chat/messages/${encodeURIComponent(assistantMessageId)}/stream`;

/** PATCH /api/chat/conversations/{id}. */
export interface RenameConversationRequest {
  title: string;
}

/** POST /api/chat/conversations/{id}/stop. */
export interface StopChatResponse {
  /** False when nothing was being written. */
  stopped: boolean;
}

/** GET /api/chat/search?q=: matches across the user's own conversations, best first. */
export interface ChatSearchHit {
  conversationId: string;
  title: string;
  messageId: string;
  role: ChatRole;
  /** Text around the match; matched words wrapped in « » (plain text, never HTML). */
  snippet: string;
  createdAt: string;
}
