import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { NotificationTopic } from './notification-preferences.repository';

/**
 * `notification_deliveries`: one row per notification e-mail sent (user, topic, key). The primary
 * key is what makes an alert go out once, even when two processes try at the same moment.
 */
@Injectable()
export class NotificationDeliveriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Takes the right to send this one; false when another send has it (or did it). */
  async claim(userId: string, topic: NotificationTopic, key: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO "notification_deliveries" ("user_id", "topic", "key") VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, topic, key],
    );
    return rows.length === 1;
  }

  /** Gives a claim back (the mail could not be sent), so a later try can send it. */
  async release(userId: string, topic: NotificationTopic, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "notification_deliveries" WHERE "user_id" = $1 AND "topic" = $2 AND "key" = $3`,
      [userId, topic, key],
    );
  }
}
