import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ChatAttachmentRef } from '@kasa/contracts';
import type { DataSource, Repository } from 'typeorm';
import { ConversationEntity } from '../entities/conversation.entity';
import {
  type AttachmentRefRow,
  type Conversation,
  type ConversationRow,
  type MessageAttachment,
  type MessageAttachmentRow,
  type SearchHit,
  type SearchHitRow,
  toAttachmentRef,
  toConversation,
  toMessageAttachment,
  toSearchHit,
} from './conversation.rows';
import { type ShownMessage, type ShownMessageRow, toShownPath } from './message.rows';

/** Deepest path walked up or down a conversation's tree: far more turns than any conversation has. */
export const MAX_PATH_DEPTH = 10_000;

/**
 * The CTEs of the path a conversation shows (docs/architecture.md#versions-and-branches):
 * "shown_leaf" (one row: the conversation, when it is the user's, and its leaf) and "shown_path"
 * (the messages from the leaf up to the root, `depth` 1 at the leaf). The leaf is
 * current_message_id, or the newest message when it is unset (a leaf deleted since).
 * `conversation` and `user` are SQL expressions (placeholders); the caller writes WITH RECURSIVE.
 */
export function shownPathCtes(conversation: string, user: string): string {
  return `"shown_leaf" AS (
    SELECT c."id" AS "conversation_id",
           COALESCE(c."current_message_id", (
             SELECT n."id" FROM "chat_messages" n WHERE n."conversation_id" = c."id"
              ORDER BY n."created_at" DESC, n."id" DESC LIMIT 1)) AS "leaf_id"
      FROM "conversations" c
     WHERE c."id" = ${conversation} AND c."user_id" = ${user}
  ),
  "shown_path" AS (
    SELECT m."id", m."parent_id", 1 AS "depth"
      FROM "chat_messages" m JOIN "shown_leaf" l ON m."id" = l."leaf_id" AND m."conversation_id" = l."conversation_id"
    UNION ALL
    SELECT m."id", m."parent_id", p."depth" + 1
      FROM "chat_messages" m JOIN "shown_path" p ON m."id" = p."parent_id"
     WHERE p."depth" < ${MAX_PATH_DEPTH}
  )`;
}

/**
 * The shown path's messages, root first, each with its versions ($1 the conversation, $2 the
 * user): one row of nulls when the conversation has no message, none when it is not the user's.
 */
const SHOWN_MESSAGES_SQL = `WITH RECURSIVE ${shownPathCtes('$1::uuid', '$2::uuid')}
  SELECT m."id", m."conversation_id", m."user_id", m."role", m."content", m."status", m."error",
         m."error_code", m."media_file_id", m."media_type", m."audio_file_id", m."transcription",
         m."transcription_language", m."stop_requested", m."parent_id", m."model", m."created_at", m."updated_at",
         (SELECT array_agg(s."id" ORDER BY s."created_at", s."id") FROM "chat_messages" s
           WHERE s."conversation_id" = m."conversation_id" AND s."role" = m."role"
             AND s."parent_id" IS NOT DISTINCT FROM m."parent_id") AS "version_ids"
    FROM "shown_leaf" l
    LEFT JOIN ("shown_path" p JOIN "chat_messages" m ON m."id" = p."id") ON true
   ORDER BY p."depth" DESC`;

/** Headline options: matched words between « », a couple of short fragments, plain text. */
const HEADLINE_OPTIONS =
  'StartSel="«", StopSel="»", MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * A user's conversations and their stored messages: list, read, rename, delete, search. Every
 * read and write is scoped to the owner (`user_id`): a conversation of another user is simply not
 * found.
 */
@Injectable()
export class ConversationsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
  ) {}

  async listConversations(userId: string): Promise<Conversation[]> {
    const rows = await this.dataSource.query<ConversationRow[]>(
      `SELECT c."id", c."title", c."created_at", c."updated_at", c."model",
              EXISTS (SELECT 1 FROM "chat_messages" m
                      WHERE m."conversation_id" = c."id" AND m."status" = 'streaming') AS "generating"
         FROM "conversations" c
        WHERE c."user_id" = $1
        ORDER BY c."updated_at" DESC, c."id"`,
      [userId],
    );
    return rows.map(toConversation);
  }

  async findConversation(userId: string, id: string): Promise<Conversation | null> {
    const rows = await this.dataSource.query<ConversationRow[]>(
      `SELECT c."id", c."title", c."created_at", c."updated_at", c."model",
              EXISTS (SELECT 1 FROM "chat_messages" m
                      WHERE m."conversation_id" = c."id" AND m."status" = 'streaming') AS "generating"
         FROM "conversations" c
        WHERE c."id" = $1 AND c."user_id" = $2`,
      [id, userId],
    );
    return rows[0] ? toConversation(rows[0]) : null;
  }

  /** Whether the conversation is this user's: one indexed EXISTS, no rows loaded. */
  isOwnedConversation(userId: string, id: string): Promise<boolean> {
    return this.conversations.existsBy({ id, userId });
  }

  /** Whether no other user has a conversation with this id (the app chose it for a new chat). */
  async isFreeOrOwned(userId: string, id: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM "conversations" WHERE "id" = $1 AND "user_id" <> $2 LIMIT 1`,
      [id, userId],
    );
    return rows.length === 0;
  }

  /**
   * Creates an empty conversation with the id the app chose for a new chat, unless one has it
   * already (a retry, or a second result of the same new chat): true when it is the user's.
   */
  async createIfAbsent(userId: string, id: string, title: string): Promise<boolean> {
    await this.dataSource.query(
      `INSERT INTO "conversations" ("id", "user_id", "title", "created_at", "updated_at")
       VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp())
       ON CONFLICT ("id") DO NOTHING`,
      [id, userId, title],
    );
    return this.isOwnedConversation(userId, id);
  }

  /**
   * Whether the conversation is the user's and, when `messageId` is given, holds that message:
   * what a send checks before charging other work (ChatService.assertCanSend). One round trip.
   */
  async findConversationWithMessage(
    userId: string,
    conversationId: string,
    messageId: string | null,
  ): Promise<'found' | 'conversation-not-found' | 'message-not-found'> {
    const rows = await this.dataSource.query<Array<{ message_found: boolean }>>(
      `SELECT ($3::uuid IS NULL OR EXISTS (
                SELECT 1 FROM "chat_messages" m WHERE m."id" = $3::uuid AND m."conversation_id" = c."id"
              )) AS "message_found"
         FROM "conversations" c WHERE c."id" = $1 AND c."user_id" = $2`,
      [conversationId, userId, messageId],
    );
    if (!rows[0]) return 'conversation-not-found';
    return rows[0].message_found ? 'found' : 'message-not-found';
  }

  /**
   * The messages the conversation shows (the path from its first message to its current one),
   * oldest first, each with its versions; null when the conversation is not this user's. One
   * round trip.
   */
  async listMessages(userId: string, conversationId: string): Promise<ShownMessage[] | null> {
    return toShownPath(
      await this.dataSource.query<ShownMessageRow[]>(SHOWN_MESSAGES_SQL, [conversationId, userId]),
    );
  }

  /** The conversation's chosen model (null: the default, or not the user's conversation). */
  async findModel(userId: string, conversationId: string): Promise<string | null> {
    const rows = await this.dataSource.query<Array<{ model: string | null }>>(
      `SELECT "model" FROM "conversations" WHERE "id" = $1 AND "user_id" = $2`,
      [conversationId, userId],
    );
    return rows[0]?.model ?? null;
  }

  /** The attachments of every message of one of the user's conversations, each once. */
  async listConversationAttachments(userId: string, conversationId: string): Promise<ChatAttachmentRef[]> {
    const rows = await this.dataSource.query<AttachmentRefRow[]>(
      `SELECT DISTINCT a."type", a."ref_id"
         FROM "chat_message_attachments" a
         JOIN "chat_messages" m ON m."id" = a."message_id"
        WHERE m."conversation_id" = $1 AND m."user_id" = $2`,
      [conversationId, userId],
    );
    return rows.map(toAttachmentRef);
  }

  /**
   * The attachments of these messages (the caller read the messages scoped to their owner), in
   * the order they were sent.
   */
  async listAttachments(messageIds: string[]): Promise<MessageAttachment[]> {
    if (!messageIds.length) return [];
    const rows = await this.dataSource.query<MessageAttachmentRow[]>(
      `SELECT "message_id", "type", "ref_id", "name", "mime_type", "file_id"
         FROM "chat_message_attachments"
        WHERE "message_id" = ANY($1::uuid[])
        ORDER BY "message_id", "position"`,
      [messageIds],
    );
    return rows.map(toMessageAttachment);
  }

  async renameConversation(userId: string, id: string, title: string): Promise<Conversation | null> {
    // An UPDATE answers [rows, affected count] through TypeORM's query().
    const [updated] = await this.dataSource.query<[Array<{ id: string }>, number]>(
      `UPDATE "conversations" SET "title" = $3 WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`,
      [id, userId, title],
    );
    if (!updated?.length) return null;
    return this.findConversation(userId, id);
  }

  async deleteConversation(userId: string, id: string): Promise<boolean> {
    const result = await this.conversations.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  /** Full-text search over the user's own messages, best first. */
  async search(userId: string, query: string, limit: number): Promise<SearchHit[]> {
    const rows = await this.dataSource.query<SearchHitRow[]>(
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
    return rows.map(toSearchHit);
  }
}
