import type { ChatAttachmentRef, ChatRole } from '@kasa/contracts';

/** A conversation of the user, with whether a reply is being written in it. */
export interface Conversation {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  generating: boolean;
  /** The chat model chosen for it (null: the default). */
  model?: string | null;
}

/** A conversation as the list and the lookup select it (`generating`: an EXISTS). */
export interface ConversationRow {
  id: string;
  title: string;
  created_at: Date;
  updated_at: Date;
  generating: boolean;
  model: string | null;
}

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    generating: row.generating,
    model: row.model ?? null,
  };
}

/** An attachment of a stored message, as the conversation shows it. */
export interface MessageAttachment {
  messageId: string;
  type: ChatAttachmentRef['type'];
  refId: string;
  name: string;
  mimeType: string;
  fileId: string | null;
}

/** A row of chat_message_attachments. */
export interface MessageAttachmentRow {
  message_id: string;
  type: ChatAttachmentRef['type'];
  ref_id: string;
  name: string;
  mime_type: string;
  file_id: string | null;
}

export function toMessageAttachment(row: MessageAttachmentRow): MessageAttachment {
  return {
    messageId: row.message_id,
    type: row.type,
    refId: row.ref_id,
    name: row.name,
    mimeType: row.mime_type,
    fileId: row.file_id ?? null,
  };
}

/** What one of a conversation's attachments refers to (an upload, a canvas), each once. */
export interface AttachmentRefRow {
  type: ChatAttachmentRef['type'];
  ref_id: string;
}

export function toAttachmentRef(row: AttachmentRefRow): ChatAttachmentRef {
  return { type: row.type, id: row.ref_id };
}

/** A message of the user's that matched a search, in its conversation. */
export interface SearchHit {
  conversationId: string;
  title: string;
  messageId: string;
  role: ChatRole;
  snippet: string;
  createdAt: Date;
  rank: number;
}

/** A search hit as the search selects it (`rank`: ts_rank, a real). */
export interface SearchHitRow {
  id: string;
  conversation_id: string;
  title: string;
  role: ChatRole;
  snippet: string;
  created_at: Date;
  rank: number;
}

/** The snippet is trimmed: ts_headline may pad it. */
export function toSearchHit(row: SearchHitRow): SearchHit {
  return {
    conversationId: row.conversation_id,
    title: row.title,
    messageId: row.id,
    role: row.role,
    snippet: row.snippet.trim(),
    createdAt: row.created_at,
    rank: Number(row.rank),
  };
}
