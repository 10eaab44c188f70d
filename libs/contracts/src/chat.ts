import type { ErrorCode } from './errors';
import type { PlanId } from './subscription';
import type { VoiceTranscript } from './voice';

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
  /** A spoken message: the language its transcription was made in (ISO 639-1), null otherwise. */
  transcriptionLanguage?: string | null;
  /**
   * A spoken message (POST /api/voice/turns): its stored recording, to transcribe again in another
   * language (`recordingId`); null otherwise.
   */
  recordingId?: string | null;
  status: ChatMessageStatus;
  /** Why the reply failed, in words for the user (status 'failed' only). */
  error?: string | null;
  /** The stable code of `error` (the UI shows its text in the user's language); null on older rows. */
  errorCode?: ErrorCode | null;
  /** Files and canvases sent with a user message (the model read them with it). */
  attachments?: ChatMessageAttachment[];
  createdAt: string;
  /**
   * The message this one answers or follows in the conversation's tree (null: the first message
   * of a branch from the start). A regenerated reply and its earlier versions share a parent; so
   * do an edited message and the message it replaces.
   */
  parentId?: string | null;
  /**
   * The versions of this message (its siblings of the same role under the same parent, itself
   * included), oldest first: `‹ index/count ›` arrows switch between them
   * (PUT /api/chat/conversations/{id}/current). Present only when there is more than one.
   */
  versionIds?: string[];
  /** Assistant replies: the id of the chat model that wrote it (ChatModelOption.id), null on older rows. */
  model?: string | null;
  /** That model's display name when it is still configured, else null. */
  modelName?: string | null;
  /** Assistant replies: the signed-in user's own feedback on this version, null when none. */
  feedback?: ChatFeedback | null;
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
  /** The chat model chosen for this conversation (ChatModelOption.id), null: the default. */
  model?: string | null;
}

/** POST /api/chat. */
export interface SendChatRequest {
  message: string;
  conversationId?: string;
  systemPrompt?: string;
  /** The composer draft's files and canvases: the model receives their text (and images). */
  attachments?: ChatAttachmentRef[];
  /**
   * Where the message goes in the conversation's tree. Unset: after the message shown last (the
   * usual send). A message id of the conversation: a new branch from there, the way an edited
   * message is resent (the parent of the message it replaces). `null` (or CHAT_ROOT_PARENT_ID): a
   * new branch from the start (editing the first message). 404 CHAT_MESSAGE_NOT_FOUND when the
   * id is not a message of this conversation; needs `conversationId`.
   */
  parentMessageId?: string | null;
  /**
   * A chat model's id (GET /api/chat/models). Unset: the conversation's model, else the default.
   * Kept as the conversation's model. 403 CHAT_MODEL_NOT_ALLOWED when the user's plan may not use
   * it; 400 CHAT_MODEL_UNKNOWN when no such model is configured.
   */
  model?: string;
}

/** `parentMessageId` meaning "from the start of the conversation" (the nil UUID). */
export const CHAT_ROOT_PARENT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * POST /api/chat/messages/{assistantMessageId}/regenerate: writes a new version of that reply
 * (Retry on a failed one is the same). Takes one message from the quota, like a send (the usual
 * 429 at the limit), accepts an Idempotency-Key, and answers the same stream as POST /api/chat:
 * the ids event (`userMessageId` is the question answered, `assistantMessageId` the new version),
 * chunks, the final event. The new version becomes the one shown. 409 CHAT_REPLY_STILL_WRITING
 * while the reply is being written; 400 CHAT_MESSAGE_NOT_REPLY on a user message.
 */
export interface RegenerateReplyRequest {
  /** As in SendChatRequest.model. */
  model?: string;
  /** As in SendChatRequest.systemPrompt. */
  systemPrompt?: string;
}

export const chatRegeneratePath = (assistantMessageId: string) =>
  `/api/chat/messages/${encodeURIComponent(assistantMessageId)}/regenerate`;

/**
 * PUT /api/chat/conversations/{id}/current: shows another version. The conversation then shows
 * the path from its start to `messageId` and on to that message's newest descendants; a reload
 * shows the same, and the next send continues from its last message. Answers the messages now
 * shown, as GET /api/chat/conversations/{id} does. 404 CHAT_MESSAGE_NOT_FOUND when the message is
 * not in this conversation.
 */
export interface ShowVersionRequest {
  messageId: string;
}

/** GET /api/chat/messages/{id}/versions: every version of a message, oldest first. */
export interface ChatMessageVersion {
  id: string;
  role: ChatRole;
  status: ChatMessageStatus;
  /** The first 200 characters of its text. */
  preview: string;
  model: string | null;
  createdAt: string;
  /** This version is on the path the conversation shows. */
  shown: boolean;
}

export type ChatFeedbackRating = 'up' | 'down';
/** Longest reason a user may give with feedback (characters). */
export const CHAT_FEEDBACK_REASON_MAX_LENGTH = 1000;

/**
 * PUT /api/chat/messages/{assistantMessageId}/feedback (one per user per reply version; a second
 * PUT replaces it), DELETE to take it back (204). Stored with the model that wrote the reply.
 */
export interface ChatFeedbackRequest {
  rating: ChatFeedbackRating;
  reason?: string | null;
}

export interface ChatFeedback {
  rating: ChatFeedbackRating;
  reason: string | null;
  updatedAt: string;
}

/** Most follow-up suggestions under a reply. */
export const CHAT_FOLLOW_UPS_MAX = 3;

/**
 * GET /api/chat/messages/{assistantMessageId}/follow-ups: up to three short questions the user may
 * ask next (tapping one sends it). Made once per finished reply and kept: with a model connected,
 * one small extra request that is never charged to the user; the offline advisor suggests related
 * topics from its sources. `[]` when there is nothing to suggest or the reply did not finish.
 */
export interface ChatFollowUps {
  followUps: string[];
}

/** A chat model as GET /api/chat/models lists it. */
export interface ChatModelOption {
  id: string;
  /** What the picker shows. */
  name: string;
  /** The plans that may use it. */
  plans: PlanId[];
  /** The signed-in user's plan may use it. */
  allowed: boolean;
}

/**
 * GET /api/chat/models: the chat models this server offers, in the operator's order, and the
 * default (what Basic users and new conversations get). With one model, the composer shows no
 * picker.
 */
export interface ChatModelsResponse {
  models: ChatModelOption[];
  defaultModel: string;
  /**
   * Present when no AI model is connected: the offline advisor answers from the app's own pages
   * and the user's saved content, and the chat says so once, in a notice.
   */
  offline?: ChatOfflineAdvisor;
}

/** ChatModelsResponse.offline. */
export interface ChatOfflineAdvisor {
  /**
   * The server settings that connect a model (README, "AI providers"), for administrators
   * (ADMIN_USERNAMES) only: absent for everyone else, who never read setting names.
   */
  configure?: string[];
}

/** GET /api/chat/conversations/{id}/export?format=: one conversation as a file. */
export const CHAT_EXPORT_FORMATS = ['markdown', 'json'] as const;
export type ChatExportFormat = (typeof CHAT_EXPORT_FORMATS)[number];

/** The JSON export (format=json): the messages shown, with who wrote each reply. */
export interface ChatConversationExport {
  id: string;
  title: string;
  createdAt: string;
  exportedAt: string;
  messages: Array<{
    id: string;
    parentId: string | null;
    role: ChatRole;
    content: string;
    status: ChatMessageStatus;
    model: string | null;
    createdAt: string;
    attachments: Array<{ name: string; mimeType: string }>;
    mediaType: 'image' | null;
    transcription: string | null;
  }>;
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
  /** A voice turn's ids event (POST /api/voice/turns): what was heard. */
  transcription?: VoiceTranscript;
  /**
   * The reply waits for the chat model, which writes this many other replies first (a model run
   * on the server's own machine answers a few at a time). Sent when the reply starts waiting and
   * whenever the number changes, on the stream of the instance writing it; its first `content`
   * means it is being written.
   */
  repliesAhead?: number;
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
