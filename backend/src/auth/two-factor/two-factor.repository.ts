import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface TwoFactorRow {
  secretEncrypted: string | null;
  enabledAt: Date | null;
  pendingSecretEncrypted: string | null;
}

type Rows<T> = [T[], number];

/** What a code check reads under the account's row lock. */
export interface LockedTwoFactorRow {
  secretEncrypted: string | null;
  enabledAt: Date | null;
  /** Wrong codes in a row (since the last right one, unlock or lock). */
  failedAttempts: number;
  /** Set once the wrong codes reached the limit; past it, the lock is over. */
  lockedUntil: Date | null;
}

/**
 * A code check's writes, inside the transaction that holds the account's row lock
 * (TwoFactorRepository.underAccountLock): they commit or roll back together.
 */
export class LockedTwoFactorAccount {
  constructor(
    private readonly manager: EntityManager,
    private readonly userId: string,
  ) {}

  /** Accepts a TOTP step once: only if newer than every step used before (no replay). */
  async useStep(step: number): Promise<boolean> {
    const [rows] = (await this.manager.query(
      `UPDATE "user_two_factor" SET "last_used_step" = $2, "updated_at" = now()
       WHERE "user_id" = $1 AND "enabled_at" IS NOT NULL AND ("last_used_step" IS NULL OR "last_used_step" < $2)
       RETURNING "user_id"`,
      [this.userId, step],
    )) as Rows<unknown>;
    return rows.length > 0;
  }

  /** Spends one backup code; false when it is unknown or already spent. */
  async useBackupCode(codeHash: string): Promise<boolean> {
    const [rows] = (await this.manager.query(
      `UPDATE "two_factor_backup_codes" SET "used_at" = now()
       WHERE "user_id" = $1 AND "code_hash" = $2 AND "used_at" IS NULL
       RETURNING "id"`,
      [this.userId, codeHash],
    )) as Rows<unknown>;
    return rows.length > 0;
  }

  /** A right code: the count starts again, any lock and its unlock link are gone. */
  async clearFailures(): Promise<void> {
    await this.manager.query(
      `UPDATE "user_two_factor" SET "failed_attempts" = 0, "locked_until" = NULL, "unlock_token_hash" = NULL
       WHERE "user_id" = $1`,
      [this.userId],
    );
  }

  /** A wrong code that leaves the account open: `failures` in a row now (an ended lock is cleared). */
  async countFailure(failures: number): Promise<void> {
    await this.manager.query(
      `UPDATE "user_two_factor" SET "failed_attempts" = $2, "locked_until" = NULL, "unlock_token_hash" = NULL
       WHERE "user_id" = $1`,
      [this.userId, failures],
    );
  }

  /** The wrong code that reached the limit: locked until `until`, or until the link hashed `unlockTokenHash`. */
  async lock(until: Date, unlockTokenHash: string): Promise<void> {
    await this.manager.query(
      `UPDATE "user_two_factor" SET "failed_attempts" = 0, "locked_until" = $2, "unlock_token_hash" = $3
       WHERE "user_id" = $1`,
      [this.userId, until, unlockTokenHash],
    );
  }
}

/**
 * The two-factor tables (migrations 1764700000000-Account and 1795816139492-TwoFactorLock). Every
 * change that must happen once is one conditional UPDATE … RETURNING, so two requests racing with
 * the same code cannot both win; code checks also hold the account's row lock.
 */
@Injectable()
export class TwoFactorRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<TwoFactorRow | null> {
    const rows = (await this.dataSource.query(
      `SELECT "secret_encrypted", "enabled_at", "pending_secret_encrypted" FROM "user_two_factor" WHERE "user_id" = $1`,
      [userId],
    )) as Array<{
      secret_encrypted: string | null;
      enabled_at: Date | null;
      pending_secret_encrypted: string | null;
    }>;
    const [row] = rows;
    return row
      ? {
          secretEncrypted: row.secret_encrypted,
          enabledAt: row.enabled_at,
          pendingSecretEncrypted: row.pending_secret_encrypted,
        }
      : null;
  }

  /**
   * Runs `check` in a transaction holding the account's `user_two_factor` row lock (SELECT … FOR
   * UPDATE), so the code checks of one account run one at a time across every API instance and
   * no parallel guess can pass the failure count. `row` is null when the account has no row.
   */
  underAccountLock<T>(
    userId: string,
    check: (row: LockedTwoFactorRow | null, account: LockedTwoFactorAccount) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT "secret_encrypted", "enabled_at", "failed_attempts", "locked_until"
         FROM "user_two_factor" WHERE "user_id" = $1 FOR UPDATE`,
        [userId],
      )) as Array<{
        secret_encrypted: string | null;
        enabled_at: Date | null;
        failed_attempts: number;
        locked_until: Date | null;
      }>;
      const locked = row
        ? {
            secretEncrypted: row.secret_encrypted,
            enabledAt: row.enabled_at,
            failedAttempts: row.failed_attempts,
            lockedUntil: row.locked_until,
          }
        : null;
      return check(locked, new LockedTwoFactorAccount(manager, userId));
    });
  }

  /** Whether an unlock link (by its hash) still opens a lock that lasts past `now`. */
  async isUnlockable(unlockTokenHash: string, now: Date): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM "user_two_factor" WHERE "unlock_token_hash" = $1 AND "locked_until" > $2`,
      [unlockTokenHash, now],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Ends the lock the link (by its hash) names, once, while it lasts; false otherwise. */
  async unlock(unlockTokenHash: string, now: Date): Promise<boolean> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "user_two_factor" SET "failed_attempts" = 0, "locked_until" = NULL, "unlock_token_hash" = NULL
       WHERE "unlock_token_hash" = $1 AND "locked_until" > $2
       RETURNING "user_id"`,
      [unlockTokenHash, now],
    )) as Rows<unknown>;
    return rows.length > 0;
  }

  async isEnabled(userId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM "user_two_factor" WHERE "user_id" = $1 AND "enabled_at" IS NOT NULL`,
      [userId],
    )) as unknown[];
    return rows.length > 0;
  }

  async unusedBackupCodes(userId: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS "left" FROM "two_factor_backup_codes" WHERE "user_id" = $1 AND "used_at" IS NULL`,
      [userId],
    )) as Array<{ left: number }>;
    return row.left;
  }

  /** Stores (or replaces) the pending secret; false when 2FA is already on. */
  async savePending(userId: string, sealedSecret: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "user_two_factor" ("user_id", "pending_secret_encrypted", "pending_created_at", "updated_at")
       VALUES ($1, $2, now(), now())
       ON CONFLICT ("user_id") DO UPDATE
         SET "pending_secret_encrypted" = EXCLUDED."pending_secret_encrypted",
             "pending_created_at" = now(), "updated_at" = now()
         WHERE "user_two_factor"."enabled_at" IS NULL
       RETURNING "user_id"`,
      [userId, sealedSecret],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * Turns the pending secret `sealedPending` on (only if it is still the pending one and 2FA is
   * off), remembers the step its code used, and stores the backup codes. False when it lost a race.
   */
  enable(userId: string, sealedPending: string, step: number, codeHashes: string[]): Promise<Date | null> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE "user_two_factor"
         SET "secret_encrypted" = "pending_secret_encrypted", "pending_secret_encrypted" = NULL,
             "pending_created_at" = NULL, "enabled_at" = now(), "last_used_step" = $3, "updated_at" = now()
         WHERE "user_id" = $1 AND "enabled_at" IS NULL AND "pending_secret_encrypted" = $2
         RETURNING "enabled_at"`,
        [userId, sealedPending, step],
      )) as Rows<{ enabled_at: Date }>;
      if (!rows.length) return null;
      await this.replaceBackupCodes(userId, codeHashes, manager);
      return rows[0].enabled_at;
    });
  }

  async replaceBackupCodes(userId: string, codeHashes: string[], manager?: EntityManager): Promise<void> {
    const run = async (m: EntityManager) => {
      await m.query(`DELETE FROM "two_factor_backup_codes" WHERE "user_id" = $1`, [userId]);
      await m.query(
        `INSERT INTO "two_factor_backup_codes" ("user_id", "code_hash") SELECT $1, unnest($2::varchar[])`,
        [userId, codeHashes],
      );
    };
    if (manager) await run(manager);
    else await this.dataSource.transaction(run);
  }

  /** Turns 2FA off: the secret and every backup code go. */
  async disable(userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM "two_factor_backup_codes" WHERE "user_id" = $1`, [userId]);
      await manager.query(`DELETE FROM "user_two_factor" WHERE "user_id" = $1`, [userId]);
    });
  }
}
