import type { ChatFeedback, ChatFeedbackRating, ChatRole } from '@kasa/contracts';

/** A row of chat_message_feedback as the service reads it. */
export interface FeedbackRow {
  message_id: string;
  rating: ChatFeedbackRating;
  reason: string | null;
  updated_at: Date;
}

export function toChatFeedback(row: FeedbackRow): ChatFeedback {
  return {
    rating: row.rating,
    reason: row.reason ?? null,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The user's message feedback is given on: its role decides whether it can be rated. */
export interface RatedMessage {
  id: string;
  role: ChatRole;
}

export interface RatedMessageRow {
  id: string;
  role: ChatRole;
}

export function toRatedMessage(row: RatedMessageRow): RatedMessage {
  return { id: row.id, role: row.role };
}
