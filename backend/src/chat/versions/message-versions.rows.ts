import type { ChatMessageStatus, ChatMessageVersion, ChatRole } from '@kasa/contracts';

/** Characters of a version's text its preview shows (ChatMessageVersion.preview). */
export const VERSION_PREVIEW_LENGTH = 200;

/** A version of a message as GET /api/chat/messages/{id}/versions selects it. */
export interface MessageVersionRow {
  id: string;
  role: ChatRole;
  status: ChatMessageStatus;
  /** The first VERSION_PREVIEW_LENGTH characters (PostgreSQL's left()). */
  preview: string;
  model: string | null;
  created_at: Date;
  shown: boolean;
}

export function toMessageVersion(row: MessageVersionRow): ChatMessageVersion {
  return {
    id: row.id,
    role: row.role,
    status: row.status,
    preview: row.preview,
    model: row.model ?? null,
    createdAt: row.created_at.toISOString(),
    shown: row.shown,
  };
}

/** A reply asked to be written again, with the question it answers and its conversation's model. */
export interface RegenerationTarget {
  replyId: string;
  conversationId: string;
  role: ChatRole;
  status: ChatMessageStatus;
  /** A reply the chat model wrote (false: a picture another feature drew, which it cannot redraw). */
  writtenByChat: boolean;
  /** The user message it answers; null when its parent is not a user message (nothing to ask again). */
  questionId: string | null;
  questionText: string;
  conversationModel: string | null;
}

export interface RegenerationTargetRow {
  id: string;
  conversation_id: string;
  role: ChatRole;
  status: ChatMessageStatus;
  media_file_id: string | null;
  question_id: string | null;
  question_text: string | null;
  conversation_model: string | null;
}

export function toRegenerationTarget(row: RegenerationTargetRow): RegenerationTarget {
  return {
    replyId: row.id,
    conversationId: row.conversation_id,
    role: row.role,
    status: row.status,
    writtenByChat: row.media_file_id === null,
    questionId: row.question_id,
    questionText: row.question_text ?? '',
    conversationModel: row.conversation_model ?? null,
  };
}
