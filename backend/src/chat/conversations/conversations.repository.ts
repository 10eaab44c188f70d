import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ChatAttachmentRef } from '@kasa/contracts';
import type { DataSource, Repository } from 'typeorm';
import { ChatMessageEntity } from '../entities/chat-message.entity';
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
    @InjectRepository(ChatMessageEntity) private readonly messages: Repository<ChatMessageEntity>,
  ) {}

  async listConversations(userId: string): Promise<Conversation[]> {
    const rows = await this.dataSource.query<ConversationRow[]>(
      `SELECT c."id", c."title", c."created_at", c."updated_at",
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
      `SELECT c."id", c."title", c."created_at", c."updated_at",
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
