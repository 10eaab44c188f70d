import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull, Repository } from 'typeorm';
import { PasswordResetCode } from './password-reset-code.entity';

type UpdateReturning<T> = [T[], number];

/** The `password_reset_codes` table: one pending code per account, its tries counted atomically. */
@Injectable()
export class PasswordResetCodesRepository {
  constructor(
    @InjectRepository(PasswordResetCode) private readonly codes: Repository<PasswordResetCode>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A new code replaces any earlier one still pending (one transaction). */
  async replacePending(code: { userId: string; codeHash: string; expiresAt: Date }): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(PasswordResetCode, { userId: code.userId, usedAt: IsNull() });
      await manager.insert(PasswordResetCode, { ...code, attempts: 0 });
    });
  }

  /** The account's newest unused code, expired or not. */
  findPending(userId: string): Promise<PasswordResetCode | null> {
    return this.codes.findOne({
      where: { userId, usedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  /**
   * Spends one of the code's tries, in one statement, while it is unused, unexpired and has tries
   * left (`maxTries`); the tries spent so far, or null when none could be spent.
   */
  async spendTry(id: string, maxTries: number): Promise<number | null> {
    const [reserved] = (await this.codes.query(
      `UPDATE "password_reset_codes" SET "attempts" = "attempts" + 1
       WHERE "id" = $1 AND "used_at" IS NULL AND "attempts" < $2 AND "expires_at" > now()
       RETURNING "attempts"`,
      [id, maxTries],
    )) as UpdateReturning<{ attempts: number }>;
    return reserved.length ? reserved[0].attempts : null;
  }

  /**
   * Marks the code used and runs `then` in the same transaction (the new password), so the code
   * is spent exactly when the password changes. False, with nothing done, when the code was used
   * meanwhile.
   */
  async use(id: string, then: (manager: EntityManager) => Promise<unknown>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [used] = (await manager.query(
        `UPDATE "password_reset_codes" SET "used_at" = now() WHERE "id" = $1 AND "used_at" IS NULL RETURNING "id"`,
        [id],
      )) as UpdateReturning<{ id: string }>;
      if (!used.length) return false;
      await then(manager);
      return true;
    });
  }
}
