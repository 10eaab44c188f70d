import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ChatAttachmentRef, ChatMessageStatus, ChatRole, PlanId } from '@kasa/contracts';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { ReadableFailure } from '../ai/chat-model.port';
import { BatchItemFailure, BatchWhileBusy, type PreparedStatement, queryPrepared } from '../common';
import { type PreparedReservation, reserveOnPlanCtes } from '../usage';
import { ChatMessageEntity } from './entities/chat-message.entity';
import { ConversationEntity } from './entities/conversation.entity';
import { LEASE_UNTIL_SQL } from './generation/reply-lease';
import type { PromptHistoryMessage } from './prompt/build-chat-prompt';

export interface ConversationRow {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  generating: boolean;
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
  /** The message's quota, taken by the statement that stores the turn (nothing stored without it). */
  reservation: PreparedReservation;
  /** The send's idempotency key and its request's hash: stored with the new ids, or the turn is not. */
  sendKey?: { key: string; requestHash: string };
}

/**
 * What storing a turn came to: started (with the quota's new count), or nothing stored and nothing
 * charged because the conversation is not the user's, the quota refused it, or the idempotency key
 * is already used (by a committed send, or by one that committed while this one ran).
 */
export type TurnOutcome =
  | { kind: 'started'; turn: StartedTurn; reserved: { used: number; plan: PlanId } }
  | { kind: 'not-found' }
  /** `plan`: the plan whose limit refused it (the usage-limit 429 names it). */
  | { kind: 'refused'; plan: PlanId }
  | { kind: 'duplicate' };

/** An attachment stored with a user message. */
export interface MessageAttachmentInput {
  type: ChatAttachmentRef['type'];
  refId: string;
  name: string;
  mimeType: string;
  fileId: string | null;
}

/** An attachment of a stored message, as the conversation shows it. */
export interface MessageAttachmentRow extends MessageAttachmentInput {
  messageId: string;
}

export interface StartedTurn {
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  /** What was stored before the new message, oldest first. */
  history: PromptHistoryMessage[];
}

export interface SearchRow {
  conversationId: string;
  title: string;
  messageId: string;
  role: ChatRole;
  snippet: string;
  createdAt: Date;
  rank: number;
}

export interface StopSignal {
  id: string;
  stopRequested: boolean;
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

/** The lease and last save of a row, to the microsecond, as one value (AbandonedReply.seen). */
const SEEN_SQL = `concat_ws(':', (extract(epoch FROM "lease_until") * 1000000)::bigint,
  (extract(epoch FROM "updated_at") * 1000000)::bigint)`;

/** A lapsed lease, or no lease and no save for $1 ms (replies started before leases). */
const ABANDONED_SQL = `("lease_until" < clock_timestamp()
  OR ("lease_until" IS NULL AND "updated_at" < clock_timestamp() - make_interval(secs => $1::double precision / 1000)))`;

type Row = Record<string, unknown>;

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
 * The quota's placeholders in both turn statements: $2 the user, $7 to $12 the reservation. The
 * quota is taken only while the key ($5; null: no key) is not stored yet.
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

/** The turn's rows, or one row of nulls when nothing was stored, with the quota's outcome. */
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

/** The primary key of chat_send_keys refused the turn's key: a concurrent send with it committed first. */
function isSendKeyTaken(error: unknown): boolean {
  const failure = error as { code?: string; table?: string; driverError?: { code?: string; table?: string } };
  const code = failure.code ?? failure.driverError?.code;
  const table = failure.table ?? failure.driverError?.table;
  return code === '23505' && table === 'chat_send_keys';
}

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

/** What a turn statement answered when it stored nothing. */
function unstored(rows: Row[]): TurnOutcome {
  if (rows[0]?.duplicate) return { kind: 'duplicate' };
  return { kind: 'refused', plan: rows[0]?.plan_pro ? 'PRO_PLAN' : 'BASIC_PLAN' };
}

function reservedOf(rows: Row[]): { used: number; plan: PlanId } {
  return { used: rows[0].used as number, plan: rows[0].pro ? 'PRO_PLAN' : 'BASIC_PLAN' };
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

function toStartedTurn(conversationId: string, inserted: Row[]) {
  const user = inserted.find((row) => row.role === 'user')!;
  const assistant = inserted.find((row) => row.role === 'assistant')!;
  return {
    ids: { conversationId, userMessageId: user.id as string, assistantMessageId: assistant.id as string },
    userCreatedAt: user.created_at as Date,
  };
}

function toAbandoned(row: Row): AbandonedReply {
  return {
    id: row.id as string,
    userId: row.user_id as string,
    conversationId: row.conversation_id as string,
    content: row.content as string,
    createdAt: row.created_at as Date,
    leased: Boolean(row.leased),
    seen: row.seen as string,
  };
}

function toConversationRow(row: Row): ConversationRow {
  return {
    id: row.id as string,
    title: row.title as string,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
    generating: Boolean(row.generating),
  };
}

/** Headline options: matched words between « », a couple of short fragments, plain text. */
/** A search hit as both searches select it (snippet trimmed: ts_headline may pad it). */
function toSearchRow(row: Row): SearchRow {
  return {
    conversationId: row.conversation_id as string,
    title: row.title as string,
    messageId: row.id as string,
    role: row.role as ChatRole,
    snippet: (row.snippet as string).trim(),
    createdAt: row.created_at as Date,
    rank: Number(row.rank),
  };
}

const HEADLINE_OPTIONS =
  'StartSel="«", StopSel="»", MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "';

/** Adds finished messages ($3, a JSON array) to a conversation ($1) of a user ($2) and touches it. */
const APPEND_MESSAGES_SQL = `WITH "now" AS (SELECT clock_timestamp() AS "t"),
       "owned" AS (
         UPDATE "conversations" SET "updated_at" = (SELECT "t" FROM "now")
          WHERE "id" = $1::uuid AND "user_id" = $2::uuid
         RETURNING "id"
       ),
       "new" AS (
         SELECT "m"."value", "m"."n" FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS "m"("value", "n")
       )
       INSERT INTO "chat_messages"
         ("conversation_id", "user_id", "role", "content", "status", "media_file_id", "media_type",
          "audio_file_id", "transcription", "created_at", "updated_at")
       SELECT "owned"."id", $2::uuid, "new"."value"->>'role', "new"."value"->>'content', 'complete',
              ("new"."value"->>'mediaFileId')::uuid, "new"."value"->>'mediaType',
              ("new"."value"->>'audioFileId')::uuid, "new"."value"->>'transcription',
              "now"."t" + ("new"."n" * interval '1 microsecond'), "now"."t"
         FROM "owned", "now", "new"
       RETURNING "id"`;

/** A finished message a feature adds to a conversation (an image, spoken text, a transcription). */
export interface AppendedMessage {
  role: ChatRole;
  content: string;
  mediaFileId?: string | null;
  mediaType?: 'image' | null;
  audioFileId?: string | null;
  transcription?: string | null;
}

/** A stored idempotency key (ids null while its send is under way). */
export interface SendKeyRow {
  createdAt: Date;
  requestHash: string;
  conversationId: string | null;
  userMessageId: string | null;
  assistantMessageId: string | null;
}

/** A reply's final state (ChatRepository.finishReply). */
export interface FinalReply {
  status: Exclude<ChatMessageStatus, 'streaming'>;
  content: string;
  error: ReadableFailure | null;
}

/** Replies saved per progress statement. */
const PROGRESS_BATCH = 250;

/**
 * Database access for chat. Every read and write that starts from a request is scoped to the
 * owner (`user_id`): a conversation of another user is simply not found.
 */
@Injectable()
export class ChatRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
    @InjectRepository(ChatMessageEntity) private readonly messages: Repository<ChatMessageEntity>,
  ) {}

  async listConversations(userId: string): Promise<ConversationRow[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT c."id", c."title", c."created_at", c."updated_at",
              EXISTS (SELECT 1 FROM "chat_messages" m
                      WHERE m."conversation_id" = c."id" AND m."status" = 'streaming') AS "generating"
         FROM "conversations" c
        WHERE c."user_id" = $1
        ORDER BY c."updated_at" DESC, c."id"`,
      [userId],
    );
    return rows.map(toConversationRow);
  }

  async findConversation(userId: string, id: string): Promise<ConversationRow | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT c."id", c."title", c."created_at", c."updated_at",
              EXISTS (SELECT 1 FROM "chat_messages" m
                      WHERE m."conversation_id" = c."id" AND m."status" = 'streaming') AS "generating"
         FROM "conversations" c
        WHERE c."id" = $1 AND c."user_id" = $2`,
      [id, userId],
    );
    return rows[0] ? toConversationRow(rows[0]) : null;
  }

  /** Whether the conversation is this user's: one indexed EXISTS, no rows loaded. */
  isOwnedConversation(userId: string, id: string): Promise<boolean> {
    return this.conversations.existsBy({ id, userId });
  }

  /** The conversation's messages, oldest first, or null when it is not this user's. */
  async listMessages(userId: string, conversationId: string): Promise<ChatMessageEntity[] | null> {
    const owned = await this.conversations.existsBy({ id: conversationId, userId });
    if (!owned) return null;
    return this.messages.find({
      where: { conversationId, userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The attachments of every message of one of the user's conversations, each once. */
  async listConversationAttachments(userId: string, conversationId: string): Promise<ChatAttachmentRef[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT DISTINCT a."type", a."ref_id"
         FROM "chat_message_attachments" a
         JOIN "chat_messages" m ON m."id" = a."message_id"
        WHERE m."conversation_id" = $1 AND m."user_id" = $2`,
      [conversationId, userId],
    );
    return rows.map((row) => ({ type: row.type as ChatAttachmentRef['type'], id: row.ref_id as string }));
  }

  /**
   * The attachments of these messages (the caller read the messages scoped to their owner), in
   * the order they were sent.
   */
  async listAttachments(messageIds: string[]): Promise<MessageAttachmentRow[]> {
    if (!messageIds.length) return [];
    const rows: Row[] = await this.dataSource.query(
      `SELECT "message_id", "type", "ref_id", "name", "mime_type", "file_id"
         FROM "chat_message_attachments"
        WHERE "message_id" = ANY($1::uuid[])
        ORDER BY "message_id", "position"`,
      [messageIds],
    );
    return rows.map((row) => ({
      messageId: row.message_id as string,
      type: row.type as ChatAttachmentRef['type'],
      refId: row.ref_id as string,
      name: row.name as string,
      mimeType: row.mime_type as string,
      fileId: (row.file_id as string | null) ?? null,
    }));
  }

  /**
   * Takes the message's quota and stores the user's message and an empty 'streaming' reply
   * (creating the conversation when none is given) with the send's idempotency key, in one
   * statement, and reads the history the prompt is built from. Sends to the same conversation are
   * serialised on its row, so every turn sees the turns stored before it and two replies never
   * interleave. Nothing is stored or charged unless it is 'started'.
   */
  async startTurn(input: StartTurnInput): Promise<TurnOutcome> {
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
      const locked: Row[] = await manager.query(
        `SELECT "id" FROM "conversations" WHERE "id" = $1 AND "user_id" = $2 FOR UPDATE`,
        [conversationId, input.userId],
      );
      if (!locked[0]) return { kind: 'not-found' };
      const rows: Row[] = await manager.query(
        `WITH "now" AS (SELECT clock_timestamp() AS "t"),
         ${RESERVE_CTES},
         "turn" AS (${insertTurnSql('$1::uuid', '"now", "reserved"')}),
         "touch" AS (
           UPDATE "conversations" SET "updated_at" = (SELECT "t" FROM "now")
            WHERE "id" = $1::uuid AND EXISTS (SELECT 1 FROM "reserved")
         ),
         ${INSERT_ATTACHMENTS_CTE},
         ${SAVE_SEND_KEY_CTE}
         ${TURN_RESULT}`,
        turnParameters(conversationId, input),
      );
      if (!rows[0]?.id) return unstored(rows);
      const turn = toStartedTurn(conversationId, rows);
      const history = await this.loadHistory(
        manager,
        conversationId,
        turn.userCreatedAt,
        input.historyTokenBudget,
      );
      return { kind: 'started', turn: { ...turn.ids, history }, reserved: reservedOf(rows) };
    });
  }

  /**
   * A first message: the quota, the conversation, both messages and the key in one statement (one
   * round trip, no explicit transaction: a statement is atomic). There is no history yet.
   */
  private async startConversation(input: StartTurnInput): Promise<TurnOutcome> {
    const rows = await queryPrepared<Row>(
      this.dataSource,
      START_CONVERSATION,
      turnParameters(input.newTitle, input),
    );
    if (!rows[0]?.id) return unstored(rows);
    const conversationId = rows[0].conversation_id as string;
    return {
      kind: 'started',
      turn: { ...toStartedTurn(conversationId, rows).ids, history: [] },
      reserved: reservedOf(rows),
    };
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
    const rows: Row[] = await manager.query(
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
    return rows.map((row) => ({
      role: row.role as ChatRole,
      content: row.content as string,
      status: row.status as ChatMessageStatus,
      ...(row.attachment_names ? { attachmentNames: row.attachment_names as string[] } : {}),
    }));
  }

  /**
   * Frees a key claimed without ids (by a version before one-statement sends) whose process died
   * mid-send: only a claim left `olderThanMs`.
   */
  async releaseSendKey(userId: string, key: string, olderThanMs = 0): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "chat_send_keys"
        WHERE "user_id" = $1 AND "key" = $2 AND "assistant_message_id" IS NULL
          AND "created_at" <= now() - make_interval(secs => $3::double precision / 1000)`,
      [userId, key, olderThanMs],
    );
  }

  /** A committed key of this user: the request's hash and what it created. */
  async findSendKey(userId: string, key: string): Promise<SendKeyRow | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "request_hash", "conversation_id", "user_message_id", "assistant_message_id", "created_at"
         FROM "chat_send_keys" WHERE "user_id" = $1 AND "key" = $2`,
      [userId, key],
    );
    if (!rows[0]) return null;
    const row = rows[0];
    return {
      requestHash: row.request_hash as string,
      conversationId: (row.conversation_id as string | null) ?? null,
      userMessageId: (row.user_message_id as string | null) ?? null,
      assistantMessageId: (row.assistant_message_id as string | null) ?? null,
      createdAt: row.created_at as Date,
    };
  }

  /** Forgets keys older than `ttlHours`; answers how many. */
  async deleteExpiredSendKeys(ttlHours: number): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM "chat_send_keys" WHERE "created_at" < now() - make_interval(hours => $1::int)`,
      [ttlHours],
    )) as [unknown, number];
    return count;
  }

  /**
   * Adds finished messages, in the given order, to one of this user's conversations and touches
   * it, in one statement. Null when the conversation is not this user's. The files must be the
   * user's own (the caller stored them).
   */
  async appendMessages(
    userId: string,
    conversationId: string,
    messages: AppendedMessage[],
  ): Promise<ChatMessageEntity[] | null> {
    const rows: Row[] = await this.dataSource.query(APPEND_MESSAGES_SQL, [
      conversationId,
      userId,
      JSON.stringify(messages),
    ]);
    if (!rows.length) return null;
    const ids = rows.map((row) => row.id as string);
    return this.messages.find({ where: ids.map((id) => ({ id })), order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * appendMessages() unless the conversation already has a message with this file (as its image
   * or its recording): a request that carries on another's work after its instance died may find
   * the messages added already. The conversation's row is locked first, so two such requests
   * cannot both add them. Null when the conversation is not this user's; [] when already there.
   */
  async appendMessagesOnce(
    userId: string,
    conversationId: string,
    fileId: string,
    messages: AppendedMessage[],
  ): Promise<ChatMessageEntity[] | null> {
    const ids = await this.dataSource.transaction(async (manager): Promise<string[] | null> => {
      const owned: Row[] = await manager.query(
        `SELECT "id" FROM "conversations" WHERE "id" = $1 AND "user_id" = $2 FOR UPDATE`,
        [conversationId, userId],
      );
      if (!owned.length) return null;
      const present: Row[] = await manager.query(
        `SELECT 1 FROM "chat_messages"
          WHERE "conversation_id" = $1 AND ("media_file_id" = $2 OR "audio_file_id" = $2) LIMIT 1`,
        [conversationId, fileId],
      );
      if (present.length) return [];
      const rows: Row[] = await manager.query(APPEND_MESSAGES_SQL, [
        conversationId,
        userId,
        JSON.stringify(messages),
      ]);
      return rows.map((row) => row.id as string);
    });
    if (!ids) return null;
    if (!ids.length) return [];
    return this.messages.find({ where: ids.map((id) => ({ id })), order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async renameConversation(userId: string, id: string, title: string): Promise<ConversationRow | null> {
    const updated = await this.dataSource.query(
      `UPDATE "conversations" SET "title" = $3 WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`,
      [id, userId, title],
    );
    if (!(updated as [Row[], number])[0]?.length) return null;
    return this.findConversation(userId, id);
  }

  async deleteConversation(userId: string, id: string): Promise<boolean> {
    const result = await this.conversations.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * The replies still being written in one of this user's conversations; `abandoned` when no live
   * instance holds them (see ABANDONED_SQL), with what a takeover needs.
   */
  async findStreamingReplies(
    userId: string,
    conversationId: string,
    legacyStaleMs: number,
  ): Promise<Array<{ id: string; abandoned: AbandonedReply | null }>> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "id", "user_id", "conversation_id", "content", "created_at", "lease_until" IS NOT NULL AS "leased",
              ${SEEN_SQL} AS "seen", ${ABANDONED_SQL} AS "abandoned"
         FROM "chat_messages"
        WHERE "conversation_id" = $2 AND "user_id" = $3 AND "status" = 'streaming'`,
      [legacyStaleMs, conversationId, userId],
    );
    return rows.map((row) => ({ id: row.id as string, abandoned: row.abandoned ? toAbandoned(row) : null }));
  }

  /** Raises the Stop flag the writing instance checks while it streams. */
  async requestStop(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.dataSource.query(
      `UPDATE "chat_messages" SET "stop_requested" = true WHERE "id" = ANY($1::uuid[]) AND "status" = 'streaming'`,
      [ids],
    );
  }

  /**
   * Appends the text written since the last save to replies still streaming. Each row gets its new
   * text after the first `offset` characters already saved, so a save repeated after an unclear
   * failure writes the same result, never a doubled piece. Rows go as one JSON parameter per batch
   * (native JSON.stringify; pg's text[] encoding escapes in JavaScript), in batches so that a
   * thousand replies never hold the event loop in one go.
   */
  async saveProgress(replies: Array<{ id: string; offset: number; delta: string }>): Promise<void> {
    for (let start = 0; start < replies.length; start += PROGRESS_BATCH) {
      // Rows are locked in id order first, as the final saves lock them: two multi-row updates
      // taking the same rows in the orders their joins happen to produce deadlocked at 1,000 streams.
      await this.dataSource.query(
        `WITH "v" AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS v("id" uuid, "offset" int, "delta" text)
         ), "locked" AS (
           SELECT m."id" FROM "chat_messages" m JOIN "v" ON v."id" = m."id"
            WHERE m."status" = 'streaming' ORDER BY m."id" FOR UPDATE OF m
         )
         UPDATE "chat_messages" m
            SET "content" = left(m."content", v."offset") || v."delta", "updated_at" = clock_timestamp(),
                "lease_until" = ${LEASE_UNTIL_SQL}
           FROM "v" JOIN "locked" l ON l."id" = v."id"
          WHERE m."id" = v."id" AND m."status" = 'streaming'`,
        [JSON.stringify(replies.slice(start, start + PROGRESS_BATCH))],
      );
    }
  }

  /** Stop flags of these replies; a reply whose row is gone (conversation deleted) is missing. */
  async readStopSignals(ids: string[]): Promise<StopSignal[]> {
    if (!ids.length) return [];
    const rows: Row[] = await this.dataSource.query(
      `SELECT "id", "stop_requested" FROM "chat_messages" WHERE "id" = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((row) => ({ id: row.id as string, stopRequested: Boolean(row.stop_requested) }));
  }

  /**
   * A reply's final state; the conversation's last activity moves to now. False when the row is
   * no longer streaming (already finished elsewhere, or deleted with its conversation). Replies
   * finishing while a save runs are saved together by the next one (a burst of short replies is
   * a few statements, not one each).
   */
  finishReply(id: string, final: FinalReply): Promise<boolean> {
    return this.finals.load({ id, ...final });
  }

  private readonly finals = new BatchWhileBusy<{ id: string } & FinalReply, boolean>(
    (replies) => this.finishReplies(replies),
    // One batch at a time: two multi-row saves could lock the same conversations in opposite orders.
    { maxInFlight: 1, maxBatch: PROGRESS_BATCH },
  );

  /**
   * One statement for the batch; when it fails, each reply alone, so that one reply PostgreSQL
   * refuses (a NUL character in its text) fails alone, not the replies saved with it.
   */
  private async finishReplies(
    replies: Array<{ id: string } & FinalReply>,
  ): Promise<Array<boolean | BatchItemFailure>> {
    try {
      return await this.finishTogether(replies);
    } catch (error) {
      if (replies.length === 1) throw error;
      const results: Array<boolean | BatchItemFailure> = [];
      for (const reply of replies)
        results.push(
          await this.finishTogether([reply]).then(
            (r) => r[0],
            (e: unknown) => new BatchItemFailure(e),
          ),
        );
      return results;
    }
  }

  private async finishTogether(replies: Array<{ id: string } & FinalReply>): Promise<boolean[]> {
    const rows = JSON.stringify(
      replies.map((reply) => ({
        id: reply.id,
        content: reply.content,
        status: reply.status,
        error: reply.error?.message ?? null,
        error_code: reply.error?.code ?? null,
      })),
    );
    for (let attempt = 1; ; attempt++) {
      try {
        const saved: Row[] = await this.dataSource.query(
          `WITH "v" AS (
             SELECT * FROM jsonb_to_recordset($1::jsonb)
               AS v("id" uuid, "content" text, "status" text, "error" text, "error_code" text)
           ), "locked" AS (
             SELECT m."id" FROM "chat_messages" m JOIN "v" ON v."id" = m."id"
              WHERE m."status" = 'streaming' ORDER BY m."id" FOR UPDATE OF m
           ), "m" AS (
             UPDATE "chat_messages" m
                SET "content" = v."content", "status" = v."status", "error" = v."error",
                    "error_code" = v."error_code", "updated_at" = clock_timestamp()
               FROM "v" JOIN "locked" l ON l."id" = v."id"
              WHERE m."id" = v."id" AND m."status" = 'streaming'
             RETURNING m."id", m."conversation_id", m."updated_at"
           ), "c" AS (
             UPDATE "conversations" c SET "updated_at" = x."updated_at"
               FROM (SELECT "conversation_id", max("updated_at") AS "updated_at" FROM "m" GROUP BY 1) x
              WHERE c."id" = x."conversation_id" AND c."updated_at" < x."updated_at"
           )
           SELECT "id" FROM "m"`,
          [rows],
        );
        const ids = new Set(saved.map((row) => row.id as string));
        return replies.map((reply) => ids.has(reply.id));
      } catch (error) {
        // Both multi-row saves lock in id order; another statement (a Stop, a sweep) may still
        // take the same rows in another order: PostgreSQL undid this whole statement, which can
        // run again as it was.
        const failure = error as { code?: string; driverError?: { code?: string } };
        if ((failure.code ?? failure.driverError?.code) !== '40P01' || attempt >= 3) throw error;
      }
    }
  }

  /** Pushes the writer's lease forward on these replies (still 'streaming'); see generation/reply-lease.ts. */
  async renewLeases(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.dataSource.query(
      `UPDATE "chat_messages" SET "lease_until" = ${LEASE_UNTIL_SQL}
        WHERE "id" = ANY($1::uuid[]) AND "status" = 'streaming'`,
      [ids],
    );
  }

  /**
   * Replies left 'streaming' that no live instance holds (see ABANDONED_SQL), except `exceptIds`
   * (the replies this process writes or still has to save). At most `limit`, oldest lease first.
   */
  async findAbandonedReplies(
    legacyStaleMs: number,
    exceptIds: string[],
    limit = 100,
  ): Promise<AbandonedReply[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "id", "user_id", "conversation_id", "content", "created_at", "lease_until" IS NOT NULL AS "leased",
              ${SEEN_SQL} AS "seen"
         FROM "chat_messages"
        WHERE "status" = 'streaming' AND ${ABANDONED_SQL} AND NOT ("id" = ANY($2::uuid[]))
        ORDER BY "lease_until" NULLS FIRST
        LIMIT $3`,
      [legacyStaleMs, exceptIds, limit],
    );
    return rows.map(toAbandoned);
  }

  /**
   * Saves the final state of an abandoned reply, only while it is 'streaming' with the lease and
   * last save read (`seen`): a writer that renewed since keeps its reply, and of several instances
   * taking the same reply over one succeeds. True when this call ended it.
   */
  async takeOverReply(id: string, seen: string, final: FinalReply): Promise<boolean> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "chat_messages"
          SET "content" = $3, "status" = $4, "error" = $5, "error_code" = $6, "updated_at" = clock_timestamp()
        WHERE "id" = $1 AND "status" = 'streaming' AND ${SEEN_SQL} = $2
        RETURNING "id"`,
      [id, seen, final.content, final.status, final.error?.message ?? null, final.error?.code ?? null],
    )) as [Row[], number];
    return rows.length > 0;
  }

  /** Full-text search over the user's own messages, best first. */
  async search(userId: string, query: string, limit: number): Promise<SearchRow[]> {
    const rows: Row[] = await this.dataSource.query(
      `WITH "q" AS (SELECT websearch_to_tsquery('simple', $2) AS "query"),
       "best" AS (
         SELECT m."id", m."conversation_id", m."role", m."content", m."created_at",
                ts_rank(m."search_vector", "q"."query") AS "rank"
           FROM "chat_messages" m, "q"
          WHERE m."user_id" = $1 AND m."search_vector" @@ "q"."query"
          ORDER BY "rank" DESC, m."created_at" DESC
          LIMIT $3
       )
       SELECT b."id", b."conversation_id", c."title", b."role", b."created_at", b."rank",
              regexp_replace(ts_headline('simple', b."content", "q"."query", $4), '\\s+', ' ', 'g') AS "snippet"
         FROM "best" b
         JOIN "conversations" c ON c."id" = b."conversation_id" AND c."user_id" = $1, "q"
        ORDER BY b."rank" DESC, b."created_at" DESC`,
      [userId, query, limit, HEADLINE_OPTIONS],
    );
    return rows.map(toSearchRow);
  }
}
