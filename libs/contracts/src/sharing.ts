import type { ChatMessageStatus, ChatRole } from './chat';

/**
 * Shared links: a read-only snapshot of one of the user's conversations up to a chosen message,
 * readable by anyone who has its link at /s/{id}, without an account. The id is unguessable
 * (128 random bits, base64url). The snapshot is taken when the link is made: later messages,
 * edits and versions are not in it. Revoking a link makes it a 404 at once.
 */

/** The page a shared link opens (rendered by the shell, no chat remote). */
export const sharedPagePath = (shareId: string) => `/s/${encodeURIComponent(shareId)}`;

/** POST /api/shares. */
export interface CreateShareRequest {
  conversationId: string;
  /**
   * The last message the snapshot holds (a message the conversation shows). Unset: every message
   * shown now. 404 CHAT_MESSAGE_NOT_FOUND when it is not shown in that conversation.
   */
  upToMessageId?: string;
  /** Show the owner's username on the shared page (default false: no personal data). */
  showName?: boolean;
}

/** A link as its owner lists it (POST /api/shares answers one; GET /api/shares lists them, newest first). */
export interface ShareSummary {
  id: string;
  /** The page's path (sharedPagePath). */
  path: string;
  conversationId: string | null;
  title: string;
  messageCount: number;
  showName: boolean;
  createdAt: string;
}

/** A message on a shared page: no ids of the owner's data, media through the share's own links. */
export interface SharedMessage {
  role: ChatRole;
  content: string;
  status: ChatMessageStatus;
  /** The model's display name, for replies. */
  modelName: string | null;
  createdAt: string;
  /** An image shown with the message, served by GET /api/shares/{id}/media/{n} while the link lives. */
  imageUrl: string | null;
  /** A recording, served the same way. */
  audioUrl: string | null;
  transcription: string | null;
  /** Names of the files the message was sent with (the files themselves are not shared). */
  attachmentNames: string[];
}

/** GET /api/shares/{id}: public, no account. 404 SHARE_NOT_FOUND when unknown or revoked. */
export interface SharedConversation {
  id: string;
  title: string;
  /** The owner's username when they chose to show it, else null. */
  author: string | null;
  createdAt: string;
  messages: SharedMessage[];
}
