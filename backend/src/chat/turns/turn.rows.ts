import type { ChatMessageStatus, ChatRole, PlanId } from '@kasa/contracts';
import type { PromptHistoryMessage } from '../prompt/build-chat-prompt';

/** What a stored turn created. */
export interface TurnIds {
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
}

/** The quota the turn's statement took: the counter's new count and the plan it counted on. */
export interface ReservedQuota {
  used: number;
  plan: PlanId;
}

/** The quota's side of a turn statement, on every row it answers. */
interface TurnQuotaColumns {
  /** The idempotency key was stored already: nothing was reserved nor stored. */
  duplicate: boolean;
  /** The user's plan at the reservation's instant is Pro (null when the quota was not looked at). */
  plan_pro: boolean | null;
}

/** One of the two messages a turn statement stored, with the quota it took. */
export interface StoredTurnRow extends TurnQuotaColumns {
  id: string;
  role: ChatRole;
  created_at: Date;
  conversation_id: string;
  used: number;
  pro: boolean;
}

/** The one row of nulls a turn statement answers when it stored nothing. */
export interface UnstoredTurnRow extends TurnQuotaColumns {
  id: null;
  role: null;
  created_at: null;
  conversation_id: null;
  used: null;
  pro: null;
}

/** A row of a turn statement (turn.repository.ts, TURN_RESULT). */
export type TurnResultRow = StoredTurnRow | UnstoredTurnRow;

/** What a turn statement did (the history is read after it). */
export type TurnResult =
  | { kind: 'stored'; ids: TurnIds; userCreatedAt: Date; reserved: ReservedQuota }
  /** `plan`: the plan whose limit refused it (the usage-limit 429 names it). */
  | { kind: 'refused'; plan: PlanId }
  | { kind: 'duplicate' };

const planOf = (pro: boolean | null): PlanId => (pro ? 'PRO_PLAN' : 'BASIC_PLAN');

/**
 * The outcome of a turn statement's rows. `conversationId`: the id as the caller named it (a
 * continued conversation, answered as sent); a new conversation's comes from the rows.
 */
export function toTurnResult(rows: TurnResultRow[], conversationId?: string): TurnResult {
  const first = rows[0];
  if (!first || first.id === null) {
    if (first?.duplicate) return { kind: 'duplicate' };
    return { kind: 'refused', plan: planOf(first?.plan_pro ?? null) };
  }
  const stored = rows.filter((row): row is StoredTurnRow => row.id !== null);
  const user = stored.find((row) => row.role === 'user');
  const assistant = stored.find((row) => row.role === 'assistant');
  if (!user || !assistant) throw new Error('A turn statement answered without its two messages.');
  return {
    kind: 'stored',
    ids: {
      conversationId: conversationId ?? first.conversation_id,
      userMessageId: user.id,
      assistantMessageId: assistant.id,
    },
    userCreatedAt: user.created_at,
    reserved: { used: first.used, plan: planOf(first.pro) },
  };
}

/** A finished message of the history, with the names of what it was sent with (null: nothing). */
export interface HistoryRow {
  role: ChatRole;
  content: string;
  status: ChatMessageStatus;
  attachment_names: string[] | null;
}

export function toHistoryMessage(row: HistoryRow): PromptHistoryMessage {
  return {
    role: row.role,
    content: row.content,
    status: row.status,
    ...(row.attachment_names ? { attachmentNames: row.attachment_names } : {}),
  };
}

/** The locked conversation of a continued turn: its shown message and whether the named parent is its. */
export interface LockedConversationRow {
  /** current_message_id, or the newest message when unset; null in an empty conversation. */
  shown_id: string | null;
  parent_found: boolean;
}

/** The one row of a new version's statement: the version (nulls when nothing was stored) and the quota. */
export interface RegenerationResultRow extends TurnQuotaColumns {
  id: string | null;
  created_at: Date | null;
  used: number | null;
  pro: boolean | null;
}

/** What a new version's statement did. */
export type RegenerationResult =
  | { kind: 'stored'; replyId: string; reserved: ReservedQuota }
  | { kind: 'refused'; plan: PlanId }
  | { kind: 'duplicate' };

export function toRegenerationResult(rows: RegenerationResultRow[]): RegenerationResult {
  const row = rows[0];
  if (!row || row.id === null) {
    if (row?.duplicate) return { kind: 'duplicate' };
    return { kind: 'refused', plan: planOf(row?.plan_pro ?? null) };
  }
  return { kind: 'stored', replyId: row.id, reserved: { used: row.used ?? 0, plan: planOf(row.pro) } };
}
