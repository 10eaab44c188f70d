import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ChatFeedbackRating,
  ChatMessageStatus,
  ChatRole,
  FarmProfile,
  PaymentMethod,
  PaymentProvider,
  PaymentRecordStatus,
  PlanId,
} from '@kasa/contracts';
import type { DataSource } from 'typeorm';
import { type FarmProfileRow, toFarmProfile } from '../../../farm';

export interface ExportProfile {
  id: string;
  username: string;
  email: string | null;
  createdAt: Date;
  passwordChangedAt: Date;
}

export interface ExportSubscription {
  plan: PlanId;
  method: PaymentMethod;
  provider: PaymentProvider;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface ExportUsage {
  /** 'YYYY-MM' (UTC calendar month). */
  period: string;
  feature: string;
  used: number;
}

export interface ExportPayment {
  id: string;
  paidAt: Date;
  method: PaymentMethod;
  provider: PaymentProvider;
  amountMinor: number;
  currency: string;
  status: PaymentRecordStatus;
  periodStart: Date | null;
  periodEnd: Date | null;
}

export interface ExportCookiePreferences {
  sessionId: string;
  necessary: boolean;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
  updatedAt: Date;
}

export interface ExportNotificationPreferences {
  usageAlerts: boolean;
  proEnding: boolean;
  productNews: boolean;
}

export interface ExportFile {
  id: string;
  kind: string;
  contentType: string;
  size: number;
  storageKey: string;
  conversationId: string | null;
  createdAt: Date;
  /** The nicest name known: the upload's original name, the canvas title (.png), the file's own. */
  name: string | null;
}

export interface ExportConversation {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ExportAttachment {
  type: 'upload' | 'canvas';
  name: string;
  mimeType: string;
  fileId: string | null;
}

/** The user's thumbs up or down on a reply, with the model that wrote the version rated. */
export interface ExportFeedback {
  rating: ChatFeedbackRating;
  reason: string | null;
  model: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ExportMessage {
  id: string;
  role: ChatRole;
  content: string;
  status: ChatMessageStatus;
  error: string | null;
  transcription: string | null;
  mediaFileId: string | null;
  audioFileId: string | null;
  createdAt: Date;
  attachments: ExportAttachment[];
  /** The user's own feedback on this reply (null: none, and on user messages). */
  feedback: ExportFeedback | null;
}

type Raw = Record<string, unknown>;

const dateOrNull = (value: unknown) => (value ? (value as Date) : null);

/**
 * Everything the export reads about one user. Every statement is scoped by `userId` ($1): a
 * row of another user can never reach the ZIP, whatever the ids found along the way.
 */
@Injectable()
export class ExportDataRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private async rows(sql: string, params: unknown[]): Promise<Raw[]> {
    return (await this.db.query(sql, params)) as Raw[];
  }

  async profile(userId: string): Promise<ExportProfile | null> {
    const [row] = await this.rows(
      `SELECT "id", "username", "email", "created_at", "password_changed_at" FROM "users" WHERE "id" = $1`,
      [userId],
    );
    if (!row) return null;
    return {
      id: row.id as string,
      username: row.username as string,
      email: (row.email as string | null) ?? null,
      createdAt: row.created_at as Date,
      passwordChangedAt: row.password_changed_at as Date,
    };
  }

  /** The active Pro period ending last at `at`, as EntitlementService reads it. */
  async activeSubscription(userId: string, at: Date): Promise<ExportSubscription | null> {
    const [row] = await this.rows(
      `SELECT "plan", "method", "provider", "current_period_end", "cancel_at_period_end"
       FROM "subscriptions"
       WHERE "user_id" = $1 AND "status" = 'active' AND "plan" = 'PRO_PLAN' AND "current_period_end" > $2
       ORDER BY "current_period_end" DESC LIMIT 1`,
      [userId, at],
    );
    if (!row) return null;
    return {
      plan: row.plan as PlanId,
      method: row.method as PaymentMethod,
      provider: row.provider as PaymentProvider,
      currentPeriodEnd: row.current_period_end as Date,
      cancelAtPeriodEnd: row.cancel_at_period_end as boolean,
    };
  }

  async usage(userId: string): Promise<ExportUsage[]> {
    const rows = await this.rows(
      `SELECT to_char("period", 'YYYY-MM') AS "period", "feature", "used"
       FROM "usage_counters" WHERE "user_id" = $1 ORDER BY "period", "feature"`,
      [userId],
    );
    return rows.map((row) => ({
      period: row.period as string,
      feature: row.feature as string,
      used: Number(row.used),
    }));
  }

  async payments(userId: string): Promise<ExportPayment[]> {
    const rows = await this.rows(
      `SELECT "id", "paid_at", "method", "provider", "amount_minor", "currency", "status", "period_start", "period_end"
       FROM "payment_records" WHERE "user_id" = $1 ORDER BY "paid_at", "id"`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id as string,
      paidAt: row.paid_at as Date,
      method: row.method as PaymentMethod,
      provider: row.provider as PaymentProvider,
      amountMinor: Number(row.amount_minor),
      currency: row.currency as string,
      status: row.status as PaymentRecordStatus,
      periodStart: dateOrNull(row.period_start),
      periodEnd: dateOrNull(row.period_end),
    }));
  }

  /**
   * The cookie choices of the browser session the request named. They belong to a browser, not
   * an account: only the session id the user's own browser sent is read.
   */
  async cookiePreferences(sessionId: string): Promise<ExportCookiePreferences | null> {
    const [row] = await this.rows(
      `SELECT "session_id", "necessary", "analytics", "marketing", "preferences", "updated_at"
       FROM "cookie_preferences" WHERE "session_id" = $1`,
      [sessionId],
    );
    if (!row) return null;
    return {
      sessionId: row.session_id as string,
      necessary: row.necessary as boolean,
      analytics: row.analytics as boolean,
      marketing: row.marketing as boolean,
      preferences: row.preferences as boolean,
      updatedAt: row.updated_at as Date,
    };
  }

  async notificationPreferences(userId: string): Promise<ExportNotificationPreferences | null> {
    const [row] = await this.rows(
      `SELECT "usage_alerts", "pro_ending", "product_news" FROM "notification_preferences" WHERE "user_id" = $1`,
      [userId],
    );
    if (!row) return null;
    return {
      usageAlerts: row.usage_alerts as boolean,
      proEnding: row.pro_ending as boolean,
      productNews: row.product_news as boolean,
    };
  }

  /** The farm profile (Account → My farm), as GET /api/farm/profile answers it; null when none was saved. */
  async farmProfile(userId: string): Promise<FarmProfile | null> {
    const [row] = (await this.db.query(
      `SELECT "place", "country", "latitude", "longitude", "crops", "other_crops", "livestock",
              "other_livestock", "size", "size_unit", "languages", "updated_at"
       FROM "farm_profiles" WHERE "user_id" = $1`,
      [userId],
    )) as FarmProfileRow[];
    return row ? toFarmProfile(row) : null;
  }

  async twoFactorEnabled(userId: string): Promise<boolean> {
    const [row] = await this.rows(
      `SELECT 1 FROM "user_two_factor" WHERE "user_id" = $1 AND "enabled_at" IS NOT NULL`,
      [userId],
    );
    return Boolean(row);
  }

  async files(userId: string): Promise<ExportFile[]> {
    const rows = await this.rows(
      `SELECT DISTINCT ON (f."created_at", f."id")
              f."id", f."kind", f."content_type", f."size", f."storage_key", f."conversation_id",
              f."created_at", f."original_name", u."original_name" AS "upload_name", c."title" AS "canvas_title"
       FROM "files" f
       LEFT JOIN "uploads" u ON u."file_id" = f."id" AND u."user_id" = $1
       LEFT JOIN "canvas_saves" c ON c."file_id" = f."id" AND c."user_id" = $1
       WHERE f."user_id" = $1
       ORDER BY f."created_at", f."id"`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id as string,
      kind: row.kind as string,
      contentType: row.content_type as string,
      size: Number(row.size),
      storageKey: row.storage_key as string,
      conversationId: (row.conversation_id as string | null) ?? null,
      createdAt: row.created_at as Date,
      name:
        (row.upload_name as string | null) ??
        (row.canvas_title ? `${row.canvas_title as string}.png` : null) ??
        (row.original_name as string | null) ??
        null,
    }));
  }

  async conversations(userId: string): Promise<ExportConversation[]> {
    const rows = await this.rows(
      `SELECT "id", "title", "created_at", "updated_at" FROM "conversations"
       WHERE "user_id" = $1 ORDER BY "created_at", "id"`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id as string,
      title: row.title as string,
      createdAt: row.created_at as Date,
      updatedAt: row.updated_at as Date,
    }));
  }

  /**
   * One conversation's messages, oldest first, with their attachments in the order sent and the
   * user's feedback on replies.
   */
  async messages(userId: string, conversationId: string): Promise<ExportMessage[]> {
    const rows = await this.rows(
      `SELECT m."id", m."role", m."content", m."status", m."error", m."transcription", m."media_file_id",
              m."audio_file_id", m."created_at", f."rating" AS "feedback_rating", f."reason" AS "feedback_reason",
              f."model" AS "feedback_model", f."created_at" AS "feedback_created_at",
              f."updated_at" AS "feedback_updated_at"
       FROM "chat_messages" m
       LEFT JOIN "chat_message_feedback" f ON f."message_id" = m."id" AND f."user_id" = $1
       WHERE m."user_id" = $1 AND m."conversation_id" = $2
       ORDER BY m."created_at", m."id"`,
      [userId, conversationId],
    );
    const attachments = await this.rows(
      `SELECT a."message_id", a."type", a."name", a."mime_type", a."file_id"
       FROM "chat_message_attachments" a JOIN "chat_messages" m ON m."id" = a."message_id"
       WHERE m."user_id" = $1 AND m."conversation_id" = $2
       ORDER BY a."message_id", a."position"`,
      [userId, conversationId],
    );
    const byMessage = new Map<string, ExportAttachment[]>();
    for (const row of attachments) {
      const list = byMessage.get(row.message_id as string) ?? [];
      list.push({
        type: row.type as ExportAttachment['type'],
        name: row.name as string,
        mimeType: row.mime_type as string,
        fileId: (row.file_id as string | null) ?? null,
      });
      byMessage.set(row.message_id as string, list);
    }
    return rows.map((row) => ({
      id: row.id as string,
      role: row.role as ChatRole,
      content: row.content as string,
      status: row.status as ChatMessageStatus,
      error: (row.error as string | null) ?? null,
      transcription: (row.transcription as string | null) ?? null,
      mediaFileId: (row.media_file_id as string | null) ?? null,
      audioFileId: (row.audio_file_id as string | null) ?? null,
      createdAt: row.created_at as Date,
      attachments: byMessage.get(row.id as string) ?? [],
      feedback: row.feedback_rating
        ? {
            rating: row.feedback_rating as ChatFeedbackRating,
            reason: (row.feedback_reason as string | null) ?? null,
            model: (row.feedback_model as string | null) ?? null,
            createdAt: row.feedback_created_at as Date,
            updatedAt: row.feedback_updated_at as Date,
          }
        : null,
    }));
  }
}
