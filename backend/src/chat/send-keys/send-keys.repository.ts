import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type SendKey, type SendKeyRow, toSendKey } from './send-key.rows';

/**
 * The idempotency keys of chat sends (chat_send_keys). A send stores its key together with its
 * turn (turns/turn.repository.ts); this reads a key back for a retry and forgets old ones.
 */
@Injectable()
export class SendKeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A committed key of this user: the request's hash and what it created. */
  async findSendKey(userId: string, key: string): Promise<SendKey | null> {
    const rows = await this.dataSource.query<SendKeyRow[]>(
      `SELECT "request_hash", "conversation_id", "user_message_id", "assistant_message_id", "created_at"
         FROM "chat_send_keys" WHERE "user_id" = $1 AND "key" = $2`,
      [userId, key],
    );
    return rows[0] ? toSendKey(rows[0]) : null;
  }

  /** Forgets keys older than `ttlHours`; answers how many. */
  async deleteExpiredSendKeys(ttlHours: number): Promise<number> {
    // A DELETE answers [rows, affected count] through TypeORM's query().
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM "chat_send_keys" WHERE "created_at" < now() - make_interval(hours => $1::int)`,
      [ttlHours],
    );
    return count;
  }
}
