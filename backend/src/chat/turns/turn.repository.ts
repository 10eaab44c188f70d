import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatAttachmentRef, PlanId } from '@kasa/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { type PreparedStatement, queryPrepared } from '../../common';
import { type PreparedReservation, reserveOnPlanCtes } from '../../usage';
import { LEASE_UNTIL_SQL } from '../generation/reply-lease';
import type { PromptHistoryMessage } from '../prompt/build-chat-prompt';
import {
  type HistoryRow,
  type ReservedQuota,
  type TurnIds,
  type TurnResultRow,
  toHistoryMessage,
  toTurnResult,
} from './turn.rows';

/** An attachment stored with a user message (already checked to be the user's). */
export interface MessageAttachmentInput {
  type: ChatAttachmentRef['type'];
  refId: string;
  name: string;
  mimeType: string;
  fileId: string | null;
}

export interface StartTurnInput {
  userId: string;
  /** An existing conversation of this user; unset to create one titled `newTitle`. */
  conversationId?: string;
  newTitle: string;
  message: string;
  /** Upper bound of the history to load (estimated tokens); the prompt builder trims exactly. */
  historyTokenBudget: number;
  /** What the message is sent with, in order (already checked to be the user's). */
  attachments?: MessageAttachmentInput[];
  /** The message's quota (UsageService.prepare), taken by the statement that stores the turn. */
  reservation: PreparedReservation;
  /** The send's idempotency key and its request's hash: stored with the new ids, or the turn is not. */
  sendKey?: { key: string; requestHash: string };
}

export interface StartedTurn extends TurnIds {
  /** What was stored before the new message, oldest first. */
  history: PromptHistoryMessage[];
}

/**
 * What storing a turn came to: started (with the quota's new count, for UsageService.settle), or
 * nothing stored and nothing charged because the conversation is not the user's, the quota refused
 * it, or the idempotency key is already used (by a committed send, or by one that committed while
 * this one ran).
 */
export type TurnOutcome =
  | { kind: 'started'; turn: StartedTurn; reserved: ReservedQuota }
  | { kind: 'not-found' }
  /** `plan`: the plan whose limit refused it (the usage-limit 429 names it). */
  | { kind: 'refused'; plan: PlanId }
  | { kind: 'duplicate' };

/**
 * Inserts the user's message and the empty reply one microsecond after it (so they sort in that
 * order), both at the clock "t" of `from`. $2 is the user, $3 the message.
 */
function insertTurnSql(conversationId: string, from: string): string {
  // The reply starts with its writer's lease (generation/reply-lease.ts).
  return `INSERT INTO "chat_messages"
      ("conversation_id", "user_id", "role", "content", "status", "created_at", "updated_at", "lease_until")
    SELECT ${conversationId}, $2::uuid, 'user', $3::text, 'complete', "t", "t", NULL::timestamptz FROM ${from}
    UNION ALL
    SELECT ${conversationId}, $2::uuid, 'assistant', '', 'streaming',
           "t" + interval '1 microsecond', "t" + interval '1 microsecond', ${LEASE_UNTIL_SQL} FROM ${from}
    RETURNING "id", "role", "created_at", "conversation_id"`;
}

/**
 * Stores the turn's attachments ($4, a JSON array) with its user message, in the statement that
 * inserts the turn: the message and what it was sent with exist together or not at all.
 */
const INSERT_ATTACHMENTS_CTE = `"attached" AS (
  INSERT INTO "chat_message_attachments"
    ("message_id", "position", "type", "ref_id", "name", "mime_type", "file_id")
  SELECT "turn"."id", a."n" - 1, a."value"->>'type', (a."value"->>'refId')::uuid, a."value"->>'name',
         a."value"->>'mimeType', (a."value"->>'fileId')::uuid
    FROM "turn", jsonb_array_elements($4::jsonb) WITH ORDINALITY AS a("value", "n")
   WHERE "turn"."role" = 'user'
)`;

/**
 * The quota, as usage builds it (reserveOnPlanCtes), in both turn statements: $2 the user, $7 to
 * $12 the prepared reservation. The quota is taken only while the key ($5; null: no key) is not
 * stored yet.
 */
const RESERVE_CTES = `"dup" AS (SELECT 1 FROM "chat_send_keys" WHERE "user_id" = $2::uuid AND "key" = $5::uuid),
  ${reserveOnPlanCtes(
    { userId: '$2', period: '$7', feature: '$8', amount: '$9', basic: '$10', pro: '$11', at: '$12' },
    'NOT EXISTS (SELECT 1 FROM "dup")',
  )}`;

/**
 * Stores the idempotency key ($5, with its request's hash $6) with the turn's ids, in the
 * statement that inserts the turn: a duplicate never sees the messages without the ids, nor the
 * ids without them. A plain INSERT: when a concurrent send with the key committed first, the
 * primary key fails this whole statement (quota, conversation, messages), which then stored and
 * charged nothing.
 */
const SAVE_SEND_KEY_CTE = `"keyed" AS (
  INSERT INTO "chat_send_keys"
    ("user_id", "key", "request_hash", "conversation_id", "user_message_id", "assistant_message_id")
  SELECT $2::uuid, $5::uuid, $6::text, u."conversation_id", u."id", a."id"
    FROM "turn" u, "turn" a
   WHERE $5::uuid IS NOT NULL AND u."role" = 'user' AND a."role" = 'assistant'
)`;

/** The turn's rows, or one row of nulls when nothing was stored, with the quota's outcome (TurnResultRow). */
const TURN_RESULT = `SELECT t."id", t."role", t."created_at", t."conversation_id", r."used", r."pro",
         EXISTS (SELECT 1 FROM "dup") AS "duplicate", (SELECT "pro" FROM "p") AS "plan_pro"
    FROM (SELECT 1) "one" LEFT JOIN "turn" t ON true LEFT JOIN "reserved" r ON true`;

/**
 * A first message's statement, prepared (parsed once per connection: PostgreSQL shares this
 * machine's cores with the server, bench/chat-send): the quota, the conversation, both messages
 * and the key.
 */
const START_CONVERSATION: PreparedStatement = {
  name: 'chat_start_conversation',
  text: `WITH "now" AS (SELECT clock_timestamp() AS "t"),
  ${RESERVE_CTES},
  "created" AS (
    INSERT INTO "conversations" ("user_id", "title", "created_at", "updated_at")
    SELECT $2::uuid, $1::text, "t", "t" FROM "now", "reserved"
    RETURNING "id"
  ),
  "turn" AS (${insertTurnSql('"created"."id"', '"now", "created"')}),
  ${INSERT_ATTACHMENTS_CTE},
  ${SAVE_SEND_KEY_CTE}
  ${TURN_RESULT}`,
};

/** A turn in an existing conversation ($1), run after its row is locked. */
const CONTINUE_CONVERSATION_SQL = `WITH "now" AS (SELECT clock_timestamp() AS "t"),
         ${RESERVE_CTES},
         "turn" AS (${insertTurnSql('$1::uuid', '"now", "reserved"')}),
         "touch" AS (
           UPDATE "conversations" SET "updated_at" = (SELECT "t" FROM "now")
            WHERE "id" = $1::uuid AND EXISTS (SELECT 1 FROM "reserved")
         ),
         ${INSERT_ATTACHMENTS_CTE},
         ${SAVE_SEND_KEY_CTE}
         ${TURN_RESULT}`;

/** The primary key of chat_send_keys refused the turn's key: a concurrent send with it committed first. */
function isSendKeyTaken(error: unknown): boolean {
  const failure = error as { code?: string; table?: string; driverError?: { code?: string; table?: string } };
  const code = failure.code ?? failure.driverError?.code;
  const table = failure.table ?? failure.driverError?.table;
  return code === '23505' && table === 'chat_send_keys';
}

/** $1 the conversation (continued) or the new one's title, then the placeholders described above. */
function turnParameters(first: string, input: StartTurnInput): unknown[] {
  const { reservation } = input;
  return [
    first,
    input.userId,
    input.message,
    attachmentsJson(input.attachments),
    input.sendKey?.key ?? null,
    input.sendKey?.requestHash ?? null,
    reservation.key.period,
    reservation.key.feature,
    reservation.amount,
    reservation.limits.basic,
    reservation.limits.pro,
    reservation.at,
  ];
}

function attachmentsJson(attachments: MessageAttachmentInput[] = []): string {
  return JSON.stringify(
    attachments.map((attachment) => ({
      ...attachment,
      name: attachment.name.slice(0, 255),
      mimeType: attachment.mimeType.slice(0, 100),
    })),
  );
}

/**
 * Starting a chat turn (docs/architecture.md#data-flow-a-chat-send): the quota, the user's
 * message, the empty reply and the idempotency key in one statement, then the history.
 */
@Injectable()
export class TurnRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Takes the message's quota and stores the user's message and an empty 'streaming' reply
   * (creating the conversation when none is given) with the send's idempotency key, in one
   * statement, and reads the history the prompt is built from. Sends to the same conversation are
   * serialised on its row, so every turn sees the turns stored before it and two replies never
   * interleave. Nothing is stored or charged unless it is 'started'.
   */
  async reserveAndStartTurn(input: StartTurnInput): Promise<TurnOutcome> {
    try {
      return await (input.conversationId
        ? this.continueConversation(input.conversationId, input)
        : this.startConversation(input));
    } catch (error) {
      if (isSendKeyTaken(error)) return { kind: 'duplicate' };
      throw error;
    }
  }

  /**
   * A turn in an existing conversation: its row locked first (a foreign one is not found, before
   * any charge), then the quota, the turn and the key in one statement, then the history, which
   * a new statement reads after the lock so it sees the turns committed before it.
   */
  private continueConversation(conversationId: string, input: StartTurnInput): Promise<TurnOutcome> {
    return this.dataSource.transaction(async (manager): Promise<TurnOutcome> => {
      const locked = await manager.query<Array<{ id: string }>>(
        `SELECT "id" FROM "conversations" WHERE "id" = $1 AND "user_id" = $2 FOR UPDATE`,
        [conversationId, input.userId],
      );
      if (!locked[0]) return { kind: 'not-found' };
      const result = toTurnResult(
        await manager.query<TurnResultRow[]>(
          CONTINUE_CONVERSATION_SQL,
          turnParameters(conversationId, input),
        ),
        conversationId,
      );
      if (result.kind !== 'stored') return result;
      const history = await this.loadHistory(
        manager,
        conversationId,
        result.userCreatedAt,
        input.historyTokenBudget,
      );
      return { kind: 'started', turn: { ...result.ids, history }, reserved: result.reserved };
    });
  }

  /**
   * A first message: the quota, the conversation, both messages and the key in one statement (one
   * round trip, no explicit transaction: a statement is atomic). There is no history yet.
   */
  private async startConversation(input: StartTurnInput): Promise<TurnOutcome> {
    const result = toTurnResult(
      await queryPrepared<TurnResultRow>(
        this.dataSource,
        START_CONVERSATION,
        turnParameters(input.newTitle, input),
      ),
    );
    if (result.kind !== 'stored') return result;
    return { kind: 'started', turn: { ...result.ids, history: [] }, reserved: result.reserved };
  }

  /**
   * Finished messages before `before`, newest first until their estimated tokens pass the budget
   * (a superset of what the prompt builder keeps: PostgreSQL counts characters, JavaScript UTF-16
   * units), returned oldest first.
   */
  private async loadHistory(
    manager: EntityManager,
    conversationId: string,
    before: Date,
    tokenBudget: number,
  ): Promise<PromptHistoryMessage[]> {
    const rows = await manager.query<HistoryRow[]>(
      `SELECT "role", "content", "status",
              (SELECT array_agg(a."name" ORDER BY a."position") FROM "chat_message_attachments" a
                WHERE a."message_id" = "h"."id") AS "attachment_names"
         FROM (
         SELECT "role", "content", "status", "created_at", "id",
                SUM(CEIL(char_length("content") / 4.0) + 4) OVER (
                  ORDER BY "created_at" DESC, "id" DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
                ) AS "running"
           FROM "chat_messages"
          WHERE "conversation_id" = $1 AND "created_at" < $2
            AND "status" <> 'streaming' AND "content" ~ '\\S'
       ) "h"
       WHERE "running" <= $3
       ORDER BY "created_at", "id"`,
      [conversationId, before, tokenBudget],
    );
    return rows.map(toHistoryMessage);
  }
}
