import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentRecordEntity } from './payment-record.entity';

export type NewPaymentRecord = Omit<PaymentRecordEntity, 'id' | 'anonymisedAt' | 'createdAt' | 'userId'> & {
  userId: string;
};

/** The `payment_records` table. Reads are scoped to the owner; writes run in the caller's transaction. */
@Injectable()
export class PaymentRecordsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Inserts the record unless the provider's reference is stored already (a webhook delivered
   * again, or under another event id for the same invoice). True when this call inserted it.
   */
  async insert(manager: EntityManager, row: NewPaymentRecord): Promise<boolean> {
    const inserted = (await manager.query(
      `INSERT INTO "payment_records"
         ("user_id", "subscription_id", "method", "provider", "provider_ref", "amount_minor", "currency",
          "status", "period_start", "period_end", "paid_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT ("provider", "provider_ref") DO NOTHING
       RETURNING "id"`,
      [
        row.userId,
        row.subscriptionId,
        row.method,
        row.provider,
        row.providerRef,
        row.amountMinor,
        row.currency,
        row.status,
        row.periodStart,
        row.periodEnd,
        row.paidAt,
      ],
    )) as unknown[];
    return inserted.length > 0;
  }

  /** The owner's newest records first (index payment_records_user_paid_idx). */
  listOwned(userId: string, limit: number): Promise<PaymentRecordEntity[]> {
    return this.dataSource.getRepository(PaymentRecordEntity).find({
      where: { userId },
      order: { paidAt: 'DESC', createdAt: 'DESC' },
      take: limit,
    });
  }

  /** Detaches the user's records from them (the account is being deleted); answers how many. */
  async anonymiseOwned(manager: EntityManager, userId: string): Promise<number> {
    const [, count] = (await manager.query(
      `UPDATE "payment_records" SET "user_id" = NULL, "anonymised_at" = now() WHERE "user_id" = $1`,
      [userId],
    )) as [unknown, number];
    return count;
  }
}
