import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type UpdateNotificationPreferencesRequest,
} from '@kasa/contracts';
import type { DataSource } from 'typeorm';

/** The kinds of notification e-mail: one preference each. */
export type NotificationTopic = keyof NotificationPreferences;

/** Each topic's column in `notification_preferences` (a fixed map: column names are never input). */
const COLUMN: Record<NotificationTopic, string> = {
  usageAlerts: 'usage_alerts',
  proEnding: 'pro_ending',
  productNews: 'product_news',
};

export interface NotificationSettingsRow {
  preferences: NotificationPreferences;
  hasEmail: boolean;
}

/** Where one notification would go: the user's address (null: none) and whether they want it. */
export interface NotificationTarget {
  email: string | null;
  wanted: boolean;
}

type Row = Record<string, unknown>;

const DEFAULTS = DEFAULT_NOTIFICATION_PREFERENCES;
/** An address worth sending to: set and not blank. */
const HAS_EMAIL = `(u."email" IS NOT NULL AND btrim(u."email") <> '')`;

/**
 * `notification_preferences`: one row per user who changed something; a user without a row has
 * DEFAULT_NOTIFICATION_PREFERENCES (every read falls back to them, column by column).
 */
@Injectable()
export class NotificationPreferencesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's preferences and whether they have an e-mail; null when the user does not exist. */
  async settingsOf(userId: string): Promise<NotificationSettingsRow | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${HAS_EMAIL} AS "has_email",
              COALESCE(p."usage_alerts", $2) AS "usage_alerts",
              COALESCE(p."pro_ending", $3) AS "pro_ending",
              COALESCE(p."product_news", $4) AS "product_news"
       FROM "users" u LEFT JOIN "notification_preferences" p ON p."user_id" = u."id"
       WHERE u."id" = $1`,
      [userId, DEFAULTS.usageAlerts, DEFAULTS.proEnding, DEFAULTS.productNews],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      hasEmail: row.has_email === true,
      preferences: {
        usageAlerts: row.usage_alerts === true,
        proEnding: row.pro_ending === true,
        productNews: row.product_news === true,
      },
    };
  }

  /** Stores the fields given (others keep their stored or default value), in one statement. */
  async update(userId: string, change: UpdateNotificationPreferencesRequest): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "notification_preferences" AS p ("user_id", "usage_alerts", "pro_ending", "product_news")
       VALUES ($1, COALESCE($2::boolean, $5::boolean), COALESCE($3::boolean, $6::boolean), COALESCE($4::boolean, $7::boolean))
       ON CONFLICT ("user_id") DO UPDATE SET
         "usage_alerts" = COALESCE($2::boolean, p."usage_alerts"),
         "pro_ending" = COALESCE($3::boolean, p."pro_ending"),
         "product_news" = COALESCE($4::boolean, p."product_news"),
         "updated_at" = now()`,
      [
        userId,
        change.usageAlerts ?? null,
        change.proEnding ?? null,
        change.productNews ?? null,
        DEFAULTS.usageAlerts,
        DEFAULTS.proEnding,
        DEFAULTS.productNews,
      ],
    );
  }

  /** The user's address and their choice for one topic; null when the user does not exist. */
  async targetOf(userId: string, topic: NotificationTopic): Promise<NotificationTarget | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT CASE WHEN ${HAS_EMAIL} THEN u."email" END AS "email",
              COALESCE(p."${COLUMN[topic]}", $2) AS "wanted"
       FROM "users" u LEFT JOIN "notification_preferences" p ON p."user_id" = u."id"
       WHERE u."id" = $1`,
      [userId, DEFAULTS[topic]],
    );
    const row = rows[0];
    return row ? { email: (row.email as string | null) ?? null, wanted: row.wanted === true } : null;
  }

  /** How many users want the topic and have an e-mail. */
  async countWanting(topic: NotificationTopic): Promise<number> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT count(*)::int AS "n"
       FROM "users" u LEFT JOIN "notification_preferences" p ON p."user_id" = u."id"
       WHERE ${HAS_EMAIL} AND COALESCE(p."${COLUMN[topic]}", $1)`,
      [DEFAULTS[topic]],
    );
    return rows[0].n as number;
  }

  /** The next `limit` users (by id, after `afterId`) who want the topic and have an e-mail. */
  async idsWanting(topic: NotificationTopic, afterId: string | null, limit: number): Promise<string[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT u."id"
       FROM "users" u LEFT JOIN "notification_preferences" p ON p."user_id" = u."id"
       WHERE ${HAS_EMAIL} AND COALESCE(p."${COLUMN[topic]}", $1) AND ($2::uuid IS NULL OR u."id" > $2::uuid)
       ORDER BY u."id"
       LIMIT $3`,
      [DEFAULTS[topic], afterId, limit],
    );
    return rows.map((row) => row.id as string);
  }
}
