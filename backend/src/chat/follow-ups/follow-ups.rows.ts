import type { ChatMessageStatus, ChatRole } from '@kasa/contracts';

/** A message of the user as follow-ups need it: the reply, its question and its conversation. */
export interface FollowUpTarget {
  id: string;
  role: ChatRole;
  status: ChatMessageStatus;
  content: string;
  /** The chat model that wrote the reply (null on older rows, and on user messages). */
  model: string | null;
  /** The suggestions stored already; null when not made yet. */
  followUps: string[] | null;
  conversationTitle: string;
  /** The user message the reply answers (its parent), null when there is none. */
  question: { id: string; content: string } | null;
}

export interface FollowUpTargetRow {
  id: string;
  role: ChatRole;
  status: ChatMessageStatus;
  content: string;
  model: string | null;
  follow_ups: unknown;
  conversation_title: string;
  question_id: string | null;
  question_content: string | null;
}

/**
 * The stored suggestions (chat_messages.follow_ups, jsonb). Anything but an array of strings
 * (a row written by hand, a future shape) reads as "not made yet", so it is made again.
 */
export function toStoredFollowUps(value: unknown): string[] | null {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return null;
  return value as string[];
}

export function toFollowUpTarget(row: FollowUpTargetRow): FollowUpTarget {
  return {
    id: row.id,
    role: row.role,
    status: row.status,
    content: row.content,
    model: row.model ?? null,
    followUps: toStoredFollowUps(row.follow_ups),
    conversationTitle: row.conversation_title,
    question: row.question_id === null ? null : { id: row.question_id, content: row.question_content ?? '' },
  };
}

/** What the store statement answers: the suggestions kept, whoever stored them first. */
export interface StoredFollowUpsRow {
  follow_ups: unknown;
}
