import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A user's stored grant, still encrypted (token-cipher.ts). */
export interface StoredDriveTokens {
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string | null;
  expiresAt: Date;
}

/** `google_drive_tokens` and `google_drive_oauth_states`; every query names its user. */
@Injectable()
export class GoogleDriveRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Keeps the consent popup's nonce until the callback uses it; drops the user's expired ones. */
  async saveState(userId: string, nonce: string, expiresAt: Date, now: Date): Promise<void> {
    await this.db.query(
      `DELETE FROM "google_drive_oauth_states" WHERE "user_id" = $1 AND "expires_at" <= $2`,
      [userId, now],
    );
    await this.db.query(
      `INSERT INTO "google_drive_oauth_states" ("nonce", "user_id", "expires_at") VALUES ($1, $2, $3)`,
      [nonce, userId, expiresAt],
    );
  }

  /** Uses the nonce up: true once, when it is the user's and has not expired. */
  async consumeState(userId: string, nonce: string, now: Date): Promise<boolean> {
    const [rows] = (await this.db.query(
      `DELETE FROM "google_drive_oauth_states" WHERE "nonce" = $1 AND "user_id" = $2 RETURNING "expires_at"`,
      [nonce, userId],
    )) as [Array<{ expires_at: Date }>, number];
    return rows.length === 1 && rows[0].expires_at.getTime() > now.getTime();
  }

  /** Stores a grant; a refresh without a new refresh token keeps the one stored. */
  async saveTokens(
    userId: string,
    accessTokenEncrypted: string,
    refreshTokenEncrypted: string | null,
    expiresAt: Date,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO "google_drive_tokens" ("user_id", "access_token_encrypted", "refresh_token_encrypted", "expires_at")
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id") DO UPDATE SET
         "access_token_encrypted" = EXCLUDED."access_token_encrypted",
         "refresh_token_encrypted" = COALESCE(EXCLUDED."refresh_token_encrypted", "google_drive_tokens"."refresh_token_encrypted"),
         "expires_at" = EXCLUDED."expires_at",
         "updated_at" = clock_timestamp()`,
      [userId, accessTokenEncrypted, refreshTokenEncrypted, expiresAt],
    );
  }

  async findTokens(userId: string): Promise<StoredDriveTokens | null> {
    const rows = (await this.db.query(
      `SELECT "access_token_encrypted", "refresh_token_encrypted", "expires_at"
       FROM "google_drive_tokens" WHERE "user_id" = $1`,
      [userId],
    )) as Array<{ access_token_encrypted: string; refresh_token_encrypted: string | null; expires_at: Date }>;
    const row = rows[0];
    return row
      ? {
          accessTokenEncrypted: row.access_token_encrypted,
          refreshTokenEncrypted: row.refresh_token_encrypted,
          expiresAt: row.expires_at,
        }
      : null;
  }

  async deleteTokens(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM "google_drive_tokens" WHERE "user_id" = $1`, [userId]);
  }
}
