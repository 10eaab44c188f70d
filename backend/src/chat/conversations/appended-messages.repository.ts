import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ChatRole } from '@kasa/contracts';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ChatMessageEntity } from '../entities/chat-message.entity';

/** A finished message a feature adds to a conversation (an image, spoken text, a transcription). */
export interface AppendedMessage {
  role: ChatRole;
  content: string;
  mediaFileId?: string | null;
  mediaType?: 'image' | null;
  audioFileId?: string | null;
  transcription?: string | null;
}

/** A row the statements below answer: the id of a message or of a conversation. */
interface IdRow {
  id: string;
}

/**
 * Adds finished messages ($3, a JSON array) to a conversation ($1) of a user ($2), each after the
 * one before it and the first after $4 (the message the conversation showed), and touches it: the
 * conversation then shows the last one. The ids are made first so the conversation row can point
 * at its new leaf in the same statement (foreign keys are checked at its end).
 */
const APPEND_MESSAGES_SQL = `WITH "now" AS (SELECT clock_timestamp() AS "t"),
       "new" AS (
         SELECT "m"."value", "m"."n", "m"."id", LAG("m"."id") OVER (ORDER BY "m"."n") AS "previous_id"
           FROM (
             SELECT "e"."value", "e"."n", gen_random_uuid() AS "id"
               FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS "e"("value", "n")
           ) "m"
       ),
       "owned" AS (
         UPDATE "conversations"
            SET "updated_at" = (SELECT "t" FROM "now"),
                "current_message_id" = COALESCE(
                  (SELECT "id" FROM "new" ORDER BY "n" DESC LIMIT 1), "current_message_id")
          WHERE "id" = $1::uuid AND "user_id" = $2::uuid
         RETURNING "id"
       )
       INSERT INTO "chat_messages"
         ("id", "conversation_id", "user_id", "role", "content", "status", "parent_id", "media_file_id",
          "media_type", "audio_file_id", "transcription", "created_at", "updated_at")
       SELECT "new"."id", "owned"."id", $2::uuid, "new"."value"->>'role', "new"."value"->>'content', 'complete',
              COALESCE("new"."previous_id", $4::uuid), ("new"."value"->>'mediaFileId')::uuid,
              "new"."value"->>'mediaType', ("new"."value"->>'audioFileId')::uuid,
              "new"."value"->>'transcription',
              "now"."t" + ("new"."n" * interval '1 microsecond'), "now"."t"
         FROM "owned", "now", "new"
       RETURNING "id"`;

/**
 * Locks one of the user's conversations ($1, $2) and reads the message it shows (its newest when
 * none is set): the parent of the messages appended next. No row when it is not the user's.
 */
const LOCK_SHOWN_SQL = `SELECT COALESCE(c."current_message_id", (
           SELECT n."id" FROM "chat_messages" n WHERE n."conversation_id" = c."id"
            ORDER BY n."created_at" DESC, n."id" DESC LIMIT 1)) AS "shown_id"
      FROM "conversations" c
     WHERE c."id" = $1 AND c."user_id" = $2
       FOR UPDATE OF c`;

/** The locked conversation's shown message (LOCK_SHOWN_SQL). */
interface ShownRow {
  shown_id: string | null;
}

/**
 * Finished messages other features add to a user's conversation (media, voice), so their result
 * is there after a reload. Scoped to the conversation's owner like every chat read and write.
 */
@Injectable()
export class AppendedMessagesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ChatMessageEntity) private readonly messages: Repository<ChatMessageEntity>,
  ) {}

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
    const ids = await this.dataSource.transaction(async (manager): Promise<string[] | null> => {
      // Locked like a send (turn.repository.ts): a turn stored meanwhile is the parent, not a sibling.
      const locked = await manager.query<ShownRow[]>(LOCK_SHOWN_SQL, [conversationId, userId]);
      if (!locked[0]) return null;
      return this.insert(manager, conversationId, userId, messages, locked[0].shown_id);
    });
    if (!ids) return null;
    return this.findMessages(ids);
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
      const locked = await manager.query<ShownRow[]>(LOCK_SHOWN_SQL, [conversationId, userId]);
      if (!locked[0]) return null;
      const present = await manager.query<unknown[]>(
        `SELECT 1 FROM "chat_messages"
          WHERE "conversation_id" = $1 AND ("media_file_id" = $2 OR "audio_file_id" = $2) LIMIT 1`,
        [conversationId, fileId],
      );
      if (present.length) return [];
      return this.insert(manager, conversationId, userId, messages, locked[0].shown_id);
    });
    if (!ids) return null;
    if (!ids.length) return [];
    return this.findMessages(ids);
  }

  private async insert(
    manager: EntityManager,
    conversationId: string,
    userId: string,
    messages: AppendedMessage[],
    parentId: string | null,
  ): Promise<string[]> {
    const rows = await manager.query<IdRow[]>(APPEND_MESSAGES_SQL, [
      conversationId,
      userId,
      JSON.stringify(messages),
      parentId,
    ]);
    return rows.map((row) => row.id);
  }

  private findMessages(ids: string[]): Promise<ChatMessageEntity[]> {
    return this.messages.find({ where: ids.map((id) => ({ id })), order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
