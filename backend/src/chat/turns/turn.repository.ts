import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatAttachmentRef, PlanId } from '@kasa/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { type PreparedStatement, queryPrepared } from '../../common';
import { type PreparedReservation, reserveOnPlanCtes } from '../../usage';
import { MAX_PATH_DEPTH } from '../conversations/conversations.repository';
import { LEASE_UNTIL_SQL } from '../generation/reply-lease';
import type { PromptHistoryMessage } from '../prompt/build-chat-prompt';
import {
  type HistoryRow,
  type LockedConversationRow,
  type RegenerationResultRow,
  type ReservedQuota,
  type TurnIds,
  type TurnResultRow,
  toHistoryMessage,
  toRegenerationResult,
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
  /** Where the user's message goes in the conversation's tree (a new conversation: the root). */
  parent: TurnParent;
  /** The id of the chat model that writes the reply (stored on it). */
  model: string;
  /** The model to keep as the conversation's (the send named one); null keeps the conversation's. */
  conversationModel: string | null;
  /** A spoken message (POST /api/voice/turns): its recording, stored on the user message. */
  spoken?: SpokenMessage;
}

/** What a spoken user message stores beside its text: the recording and what was heard in it. */
export interface SpokenMessage {
  /** The stored recording (FilesService, kind 'recording'). */
  audioFileId: string;
  /** What speech-to-text heard (the message's text may be the user's correction of it). */
  transcription: string;
  /** ISO 639-1: the language of the transcription; null when unknown (a corrected text, `auto`). */
  transcriptionLanguage: string | null;
}

/**
 * The parent of a turn's user message: the message the conversation shows last (a usual send),
 * the root (editing the first message), or a message of the conversation (editing a later one).
 */
export type TurnParent = { kind: 'shown' } | { kind: 'root' } | { kind: 'message'; id: string };

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
  /** The parent message named is not one of the conversation's: nothing stored or charged. */
  | { kind: 'parent-not-found' }
  /** `plan`: the plan whose limit refused it (the usage-limit 429 names it). */
  | { kind: 'refused'; plan: PlanId }
  | { kind: 'duplicate' };

/**
 * The clock and the new messages' ids, made first so the conversation row can point at the reply
 * (current_message_id) in the statement that inserts it: foreign keys are checked at the end of
 * the statement.
 */
const NOW_CTE = `"now" AS (
  SELECT clock_timestamp() AS "t", gen_random_uuid() AS "question_id", gen_random_uuid() AS "reply_id"
)`;

/**
 * Inserts the user's message (under the parent $13) and the empty reply (under the message,
 * written by the model $14) one microsecond after it (so they sort in that order), both at the
 * clock "t" of `from`. $2 is the user, $3 the message; a spoken message also stores its
 * recording ($16), transcription ($17) and language ($18), nulls otherwise.
 */
function insertTurnSql(conversationId: string, from: string): string {
  // The reply starts with its writer's lease (generation/reply-lease.ts).
  return `INSERT INTO "chat_messages"
      ("id", "conversation_id", "user_id", "role", "content", "status", "parent_id", "model",
       "created_at", "updated_at", "lease_until", "audio_file_id", "transcription", "transcription_language")
    SELECT "question_id", ${conversationId}, $2::uuid, 'user', $3::text, 'complete', $13::uuid,
           NULL::varchar, "t", "t", NULL::timestamptz, $16::uuid, $17::text, $18::varchar FROM ${from}
    UNION ALL
    SELECT "reply_id", ${conversationId}, $2::uuid, 'assistant', '', 'streaming', "question_id",
           $14::varchar, "t" + interval '1 microsecond', "t" + interval '1 microsecond', ${LEASE_UNTIL_SQL},
           NULL::uuid, NULL::text, NULL::varchar
      FROM ${from}
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
 * A spoken first message's recording ($16), stored before its conversation existed, is kept with
 * the conversation the statement creates, so it is deleted with it (ChatService.delete) like the
 * recordings of later turns (stored with their conversation's id). A recording already kept with
 * another conversation stays there.
 */
const KEEP_RECORDING_CTE = `"kept" AS (
  UPDATE "files" SET "conversation_id" = "created"."id" FROM "created"
   WHERE "files"."id" = $16::uuid AND "files"."user_id" = $2::uuid AND "files"."conversation_id" IS NULL
)`;

/**
 * A first message's statement, prepared (parsed once per connection: PostgreSQL shares this
 * machine's cores with the server, bench/chat-send): the quota, the conversation, both messages
 * and the key.
 */
const START_CONVERSATION: PreparedStatement = {
  name: 'chat_start_conversation',
  text: `WITH ${NOW_CTE},
  ${RESERVE_CTES},
  "created" AS (
    INSERT INTO "conversations"
      ("user_id", "title", "current_message_id", "model", "created_at", "updated_at")
    SELECT $2::uuid, $1::text, "reply_id", $15::varchar, "t", "t" FROM "now", "reserved"
    RETURNING "id"
  ),
  "turn" AS (${insertTurnSql('"created"."id"', '"now", "created"')}),
  ${KEEP_RECORDING_CTE},
  ${INSERT_ATTACHMENTS_CTE},
  ${SAVE_SEND_KEY_CTE}
  ${TURN_RESULT}`,
};

/**
 * A turn in an existing conversation ($1), run after its row is locked: the conversation then
 * shows the new reply, and keeps the model the send named ($15, null: unchanged).
 */
const CONTINUE_CONVERSATION_SQL = `WITH ${NOW_CTE},
         ${RESERVE_CTES},
         "turn" AS (${insertTurnSql('$1::uuid', '"now", "reserved"')}),
         "touch" AS (
           UPDATE "conversations"
              SET "updated_at" = (SELECT "t" FROM "now"),
                  "current_message_id" = (SELECT "reply_id" FROM "now"),
                  "model" = COALESCE($15::varchar, "model")
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

/**
 * $1 the conversation (continued) or the new one's title, then the placeholders described above,
 * $13 the user message's parent (null: the root), $16 to $18 the spoken message's recording.
 */
function turnParameters(first: string, input: StartTurnInput, parentId: string | null): unknown[] {
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
    parentId,
    input.model,
    input.conversationModel,
    input.spoken?.audioFileId ?? null,
    input.spoken?.transcription ?? null,
    input.spoken?.transcriptionLanguage ?? null,
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

/** A new version of a reply: the quota, the version and the key in one statement, like a turn. */
export interface StartRegenerationInput {
  userId: string;
  conversationId: string;
  /** The version asked to be written again ('streaming' ones are refused). */
  replyId: string;
  /** The user message it answers: the new version's parent. */
  questionId: string;
  model: string;
  conversationModel: string | null;
  historyTokenBudget: number;
  reservation: PreparedReservation;
  sendKey?: { key: string; requestHash: string };
}

/** What writing a new version came to; `turn.userMessageId` is the question answered. */
export type RegenerationOutcome =
  | { kind: 'started'; turn: StartedTurn; reserved: ReservedQuota }
  /** The reply or its question is no longer in the user's conversation (deleted meanwhile). */
  | { kind: 'not-found' }
  /** The reply is being written: it cannot be replaced before it ends. */
  | { kind: 'still-writing' }
  | { kind: 'refused'; plan: PlanId }
  | { kind: 'duplicate' };

/**
 * A new version of a reply ($3 the question it answers, $4 the model, $13 the model to keep as the
 * conversation's), run after the conversation ($1) is locked: the quota, the empty 'streaming'
 * version, the conversation now showing it, and the key ($5, stored with the question and the
 * version) in one statement.
 */
const START_REGENERATION_SQL = `WITH "now" AS (SELECT clock_timestamp() AS "t", gen_random_uuid() AS "reply_id"),
         ${RESERVE_CTES},
         "version" AS (
           INSERT INTO "chat_messages"
             ("id", "conversation_id", "user_id", "role", "content", "status", "parent_id", "model",
              "created_at", "updated_at", "lease_until")
           SELECT "reply_id", $1::uuid, $2::uuid, 'assistant', '', 'streaming', $3::uuid, $4::varchar,
                  "t", "t", ${LEASE_UNTIL_SQL}
             FROM "now", "reserved"
           RETURNING "id", "created_at"
         ),
         "touch" AS (
           UPDATE "conversations"
              SET "updated_at" = (SELECT "t" FROM "now"),
                  "current_message_id" = (SELECT "reply_id" FROM "now"),
                  "model" = COALESCE($13::varchar, "model")
            WHERE "id" = $1::uuid AND EXISTS (SELECT 1 FROM "reserved")
         ),
         "keyed" AS (
           INSERT INTO "chat_send_keys"
             ("user_id", "key", "request_hash", "conversation_id", "user_message_id", "assistant_message_id")
           SELECT $2::uuid, $5::uuid, $6::text, $1::uuid, $3::uuid, v."id" FROM "version" v
            WHERE $5::uuid IS NOT NULL
         )
  SELECT v."id", v."created_at", r."used", r."pro",
         EXISTS (SELECT 1 FROM "dup") AS "duplicate", (SELECT "pro" FROM "p") AS "plan_pro"
    FROM (SELECT 1) "one" LEFT JOIN "version" v ON true LEFT JOIN "reserved" r ON true`;

/**
 * The history a prompt is built from ($1 the newest message, $2 its conversation, $3 the token
 * budget): its path up to the root, never another branch, walked up only while the finished,
 * non-empty messages' estimated tokens (a superset of what the prompt builder keeps: PostgreSQL
 * counts characters, JavaScript UTF-16 units) stay within the budget; answered oldest first.
 */
const HISTORY_SQL = `WITH RECURSIVE "up" AS (
    SELECT m."id", m."parent_id", m."role", m."content", m."status", 1 AS "depth",
           ${historyTokensSql('m')} AS "running"
      FROM "chat_messages" m WHERE m."id" = $1 AND m."conversation_id" = $2
    UNION ALL
    SELECT m."id", m."parent_id", m."role", m."content", m."status", u."depth" + 1,
           u."running" + ${historyTokensSql('m')}
      FROM "chat_messages" m JOIN "up" u ON m."id" = u."parent_id"
     WHERE u."running" <= $3 AND u."depth" < ${MAX_PATH_DEPTH}
  )
  SELECT u."role", u."content", u."status",
         (SELECT array_agg(a."name" ORDER BY a."position") FROM "chat_message_attachments" a
           WHERE a."message_id" = u."id") AS "attachment_names"
    FROM "up" u
   WHERE u."running" <= $3 AND u."status" <> 'streaming' AND u."content" ~ '\\S'
   ORDER BY u."depth" DESC`;

/** A message's estimated tokens in the history: 0 for those the history leaves out. */
function historyTokensSql(alias: string): string {
  return `(CASE WHEN ${alias}."status" <> 'streaming' AND ${alias}."content" ~ '\\S'
                THEN CEIL(char_length(${alias}."content") / 4.0) + 4 ELSE 0 END)`;
}

/**
 * Starting a chat turn (docs/architecture.md#data-flow-a-chat-send): the quota, the user's
 * message, the empty reply and the idempotency key in one statement, then the history. A new
 * version of a reply is started the same way (docs/architecture.md#versions-and-branches).
 */
@Injectable()
export class TurnRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Takes the message's quota and stores the user's message and an empty 'streaming' reply
   * (creating the conversation when none is given) with the send's idempotency key, in one
   * statement, and reads the history the prompt is built from (the path above the new message).
   * Sends to the same conversation are serialised on its row, so every turn sees the turns
   * stored before it and two replies never interleave. Nothing is stored or charged unless it is
   * 'started'.
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
   * Takes the quota and stores an empty 'streaming' version of a reply (a sibling of it, shown from
   * now on) with the idempotency key, in one statement after the conversation's row is locked
   * (so concurrent new versions and sends are serialised), then reads the history above the
   * question. Nothing is stored or charged unless it is 'started'.
   */
  async reserveAndStartRegeneration(input: StartRegenerationInput): Promise<RegenerationOutcome> {
    try {
      return await this.dataSource.transaction(async (manager): Promise<RegenerationOutcome> => {
        const locked = await manager.query<
          Array<{ reply_status: string; question_parent_id: string | null }>
        >(
          `SELECT r."status" AS "reply_status", q."parent_id" AS "question_parent_id"
             FROM "conversations" c
             JOIN "chat_messages" r ON r."id" = $3 AND r."conversation_id" = c."id" AND r."parent_id" = $4
             JOIN "chat_messages" q ON q."id" = $4 AND q."conversation_id" = c."id"
            WHERE c."id" = $1 AND c."user_id" = $2
              FOR UPDATE OF c`,
          [input.conversationId, input.userId, input.replyId, input.questionId],
        );
        if (!locked[0]) return { kind: 'not-found' };
        if (locked[0].reply_status === 'streaming') return { kind: 'still-writing' };
        const { reservation } = input;
        const result = toRegenerationResult(
          await manager.query<RegenerationResultRow[]>(START_REGENERATION_SQL, [
            input.conversationId,
            input.userId,
            input.questionId,
            input.model,
            input.sendKey?.key ?? null,
            input.sendKey?.requestHash ?? null,
            reservation.key.period,
            reservation.key.feature,
            reservation.amount,
            reservation.limits.basic,
            reservation.limits.pro,
            reservation.at,
            input.conversationModel,
          ]),
        );
        if (result.kind !== 'stored') return result;
        const history = await this.loadHistory(
          manager,
          input.conversationId,
          locked[0].question_parent_id,
          input.historyTokenBudget,
        );
        return {
          kind: 'started',
          turn: {
            conversationId: input.conversationId,
            userMessageId: input.questionId,
            assistantMessageId: result.replyId,
            history,
          },
          reserved: result.reserved,
        };
      });
    } catch (error) {
      if (isSendKeyTaken(error)) return { kind: 'duplicate' };
      throw error;
    }
  }

  /**
   * A turn in an existing conversation: its row locked first, with the message shown last and
   * whether the parent named is the conversation's (a foreign conversation or parent is not
   * found, before any charge), then the quota, the turn and the key in one statement, then the
   * history, which a new statement reads after the lock so it sees the turns committed before it.
   */
  private continueConversation(conversationId: string, input: StartTurnInput): Promise<TurnOutcome> {
    return this.dataSource.transaction(async (manager): Promise<TurnOutcome> => {
      const named = input.parent.kind === 'message' ? input.parent.id : null;
      const locked = await manager.query<LockedConversationRow[]>(
        `SELECT COALESCE(c."current_message_id", (
                  SELECT n."id" FROM "chat_messages" n WHERE n."conversation_id" = c."id"
                   ORDER BY n."created_at" DESC, n."id" DESC LIMIT 1)) AS "shown_id",
                ($3::uuid IS NULL OR EXISTS (
                  SELECT 1 FROM "chat_messages" m WHERE m."id" = $3::uuid AND m."conversation_id" = c."id"
                )) AS "parent_found"
           FROM "conversations" c
          WHERE c."id" = $1 AND c."user_id" = $2
            FOR UPDATE OF c`,
        [conversationId, input.userId, named],
      );
      if (!locked[0]) return { kind: 'not-found' };
      if (!locked[0].parent_found) return { kind: 'parent-not-found' };
      const parentId =
        input.parent.kind === 'shown' ? locked[0].shown_id : input.parent.kind === 'root' ? null : named;
      const result = toTurnResult(
        await manager.query<TurnResultRow[]>(
          CONTINUE_CONVERSATION_SQL,
          turnParameters(conversationId, input, parentId),
        ),
        conversationId,
      );
      if (result.kind !== 'stored') return result;
      const history = await this.loadHistory(manager, conversationId, parentId, input.historyTokenBudget);
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
        turnParameters(input.newTitle, input, null),
      ),
    );
    if (result.kind !== 'stored') return result;
    return { kind: 'started', turn: { ...result.ids, history: [] }, reserved: result.reserved };
  }

  /** The history above a new message whose parent is `parentId` (null: the root, no history). */
  private async loadHistory(
    manager: EntityManager,
    conversationId: string,
    parentId: string | null,
    tokenBudget: number,
  ): Promise<PromptHistoryMessage[]> {
    if (!parentId) return [];
    const rows = await manager.query<HistoryRow[]>(HISTORY_SQL, [parentId, conversationId, tokenBudget]);
    return rows.map(toHistoryMessage);
  }
}
