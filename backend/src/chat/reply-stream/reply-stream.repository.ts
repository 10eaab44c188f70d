import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ChatMessageStatus, ErrorCode } from '@kasa/contracts';

/** An assistant message as a resume needs it, with the user message it answers. */
export interface ReplyRow {
  id: string;
  conversationId: string;
  userMessageId: string | null;
  content: string;
  status: ChatMessageStatus;
  error: string | null;
  errorCode: ErrorCode | null;
}

@Injectable()
export class ReplyStreamRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The user's assistant message (null when it is not theirs, or not a reply), with the user
   * message it answers: its parent (every version of a reply has the question as parent).
   */
  async findReply(userId: string, id: string): Promise<ReplyRow | null> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT "m"."id", "m"."conversation_id", "m"."content", "m"."status", "m"."error", "m"."error_code",
              "u"."id" AS "user_message_id"
         FROM "chat_messages" "m"
         LEFT JOIN "chat_messages" "u" ON "u"."id" = "m"."parent_id" AND "u"."role" = 'user'
        WHERE "m"."id" = $1 AND "m"."user_id" = $2 AND "m"."role" = 'assistant'`,
      [id, userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id as string,
      conversationId: row.conversation_id as string,
      userMessageId: (row.user_message_id as string | null) ?? null,
      content: row.content as string,
      status: row.status as ChatMessageStatus,
      error: (row.error as string | null) ?? null,
      errorCode: (row.error_code as ErrorCode | null) ?? null,
    };
  }
}
