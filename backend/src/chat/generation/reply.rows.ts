/** The Stop flag of a reply (ReplyRepository.readStopSignals). */
export interface StopSignal {
  id: string;
  stopRequested: boolean;
}

export interface StopSignalRow {
  id: string;
  stop_requested: boolean;
}

export function toStopSignal(row: StopSignalRow): StopSignal {
  return { id: row.id, stopRequested: row.stop_requested };
}

/**
 * A 'streaming' reply no live instance holds: its lease lapsed (or, started before leases, it was
 * untouched for minutes). `seen` identifies the row's lease and last save as read: the takeover
 * happens only while both are unchanged.
 */
export interface AbandonedReply {
  id: string;
  userId: string;
  conversationId: string;
  content: string;
  createdAt: Date;
  /** False for replies started before leases. */
  leased: boolean;
  seen: string;
}

/** A reply as the abandoned-reply lookups select it (`leased`: an IS NOT NULL, `seen`: SEEN_SQL). */
export interface AbandonedReplyRow {
  id: string;
  user_id: string;
  conversation_id: string;
  content: string;
  created_at: Date;
  leased: boolean;
  seen: string;
}

export function toAbandonedReply(row: AbandonedReplyRow): AbandonedReply {
  return {
    id: row.id,
    userId: row.user_id,
    conversationId: row.conversation_id,
    content: row.content,
    createdAt: row.created_at,
    leased: row.leased,
    seen: row.seen,
  };
}

/** A reply still being written in a conversation; `abandoned` when no live instance holds it. */
export interface StreamingReply {
  id: string;
  abandoned: AbandonedReply | null;
}

/**
 * A streaming reply with ABANDONED_SQL's answer, which is null (not false) for a reply started
 * before leases and saved recently.
 */
export interface StreamingReplyRow extends AbandonedReplyRow {
  abandoned: boolean | null;
}

export function toStreamingReply(row: StreamingReplyRow): StreamingReply {
  return { id: row.id, abandoned: row.abandoned ? toAbandonedReply(row) : null };
}
