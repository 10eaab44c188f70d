import type { ChatMessageStatus, ChatRole, ErrorCode } from '@kasa/contracts';
import type { ChatMessageEntity } from '../entities/chat-message.entity';

/** A shown message with the ids of its versions (itself included), oldest first; [] when it has none. */
export type ShownMessage = ChatMessageEntity & { versionIds: string[] };

/**
 * A row of the shown path (ConversationsRepository.listMessages). The conversation is joined on the
 * left, so a conversation of the user's with no message answers one row whose `id` is null.
 */
export interface ShownMessageRow {
  id: string | null;
  conversation_id: string;
  user_id: string;
  role: ChatRole;
  content: string;
  status: ChatMessageStatus;
  error: string | null;
  error_code: ErrorCode | null;
  media_file_id: string | null;
  media_type: 'image' | null;
  audio_file_id: string | null;
  transcription: string | null;
  transcription_language: string | null;
  stop_requested: boolean;
  parent_id: string | null;
  model: string | null;
  created_at: Date;
  updated_at: Date;
  /** Same conversation, parent and role, oldest first (itself included). */
  version_ids: string[] | null;
}

/** The row's message; versions are listed only when there is more than one (the arrows' case). */
export function toShownMessage(row: ShownMessageRow & { id: string }): ShownMessage {
  const versions = row.version_ids ?? [];
  return {
    id: row.id,
    conversationId: row.conversation_id,
    userId: row.user_id,
    role: row.role,
    content: row.content,
    status: row.status,
    error: row.error,
    errorCode: row.error_code ?? null,
    mediaFileId: row.media_file_id,
    mediaType: row.media_type,
    audioFileId: row.audio_file_id,
    transcription: row.transcription,
    transcriptionLanguage: row.transcription_language ?? null,
    stopRequested: row.stop_requested,
    parentId: row.parent_id,
    model: row.model,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    versionIds: versions.length > 1 ? versions : [],
  };
}

/** The shown path's messages, or null when the rows say the conversation is not the user's. */
export function toShownPath(rows: ShownMessageRow[]): ShownMessage[] | null {
  if (!rows.length) return null;
  return rows.filter((row): row is ShownMessageRow & { id: string } => row.id !== null).map(toShownMessage);
}
