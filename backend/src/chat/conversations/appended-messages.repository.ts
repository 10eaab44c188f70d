import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ChatRole } from '@kasa/contracts';
import type { DataSource, Repository } from 'typeorm';
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
    const rows = await this.dataSource.query<IdRow[]>(APPEND_MESSAGES_SQL, [
      conversationId,
      userId,
      JSON.stringify(messages),
    ]);
    if (!rows.length) return null;
    return this.findMessages(rows.map((row) => row.id));
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
      const owned = await manager.query<IdRow[]>(
        `SELECT "id" FROM "conversations" WHERE "id" = $1 AND "user_id" = $2 FOR UPDATE`,
        [conversationId, userId],
      );
      if (!owned.length) return null;
      const present = await manager.query<unknown[]>(
        `SELECT 1 FROM "chat_messages"
          WHERE "conversation_id" = $1 AND ("media_file_id" = $2 OR "audio_file_id" = $2) LIMIT 1`,
        [conversationId, fileId],
      );
      if (present.length) return [];
      const rows = await manager.query<IdRow[]>(APPEND_MESSAGES_SQL, [
        conversationId,
        userId,
        JSON.stringify(messages),
      ]);
      return rows.map((row) => row.id);
    });
    if (!ids) return null;
    if (!ids.length) return [];
    return this.findMessages(ids);
  }

  private findMessages(ids: string[]): Promise<ChatMessageEntity[]> {
    return this.messages.find({ where: ids.map((id) => ({ id })), order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
