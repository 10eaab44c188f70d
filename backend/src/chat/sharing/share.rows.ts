import { type ShareSummary, sharedPagePath } from '@kasa/contracts';
import type { SnapshotMessage } from './share-snapshot';

/** A link as its owner's list selects it. */
export interface ShareSummaryRow {
  id: string;
  conversation_id: string | null;
  title: string;
  show_name: boolean;
  message_count: number;
  created_at: Date;
}

export function toShareSummary(row: ShareSummaryRow): ShareSummary {
  return {
    id: row.id,
    path: sharedPagePath(row.id),
    conversationId: row.conversation_id ?? null,
    title: row.title,
    messageCount: Number(row.message_count),
    showName: row.show_name,
    createdAt: row.created_at.toISOString(),
  };
}

/** A link not revoked, with what anyone holding it may read. */
export interface LiveShare {
  id: string;
  /** Whose files the snapshot names (never answered to the reader). */
  ownerId: string;
  title: string;
  /** The owner's username when they chose to show it, else null. */
  author: string | null;
  snapshot: SnapshotMessage[];
  createdAt: Date;
}

/** A live link as the public read selects it (`author`: the username only when show_name, in SQL). */
export interface LiveShareRow {
  id: string;
  user_id: string;
  title: string;
  author: string | null;
  snapshot: SnapshotMessage[];
  created_at: Date;
}

export function toLiveShare(row: LiveShareRow): LiveShare {
  return {
    id: row.id,
    ownerId: row.user_id,
    title: row.title,
    author: row.author ?? null,
    // jsonb arrives parsed; a snapshot emptied by a revoke is [] (and never read, revoked links are not live).
    snapshot: Array.isArray(row.snapshot) ? row.snapshot : [],
    createdAt: row.created_at,
  };
}
