import { Injectable } from '@nestjs/common';
import type { BillingHistoryResponse, BillingRecord } from '@kasa/contracts';
import type { EntityManager } from 'typeorm';
import { toMajorUnits } from './payment-amount';
import type { PaymentRecordEntity } from './payment-record.entity';
import { type NewPaymentRecord, PaymentRecordsRepository } from './payment-records.repository';

/** The billing history shows at most this many payments (years of monthly ones). */
export const BILLING_HISTORY_LIMIT = 100;

export type { NewPaymentRecord };

function toBillingRecord(row: PaymentRecordEntity): BillingRecord {
  return {
    id: row.id,
    date: row.paidAt.toISOString(),
    method: row.method,
    provider: row.provider,
    amount: toMajorUnits(row.amountMinor, row.currency),
    currency: row.currency,
    status: row.status,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
  };
}

/**
 * Payment records: written by the payment flows inside the transaction that settles the payment
 * (so a payment and its record exist together or not at all), read as the billing history.
 */
@Injectable()
export class PaymentRecordsService {
  constructor(private readonly records: PaymentRecordsRepository) {}

  /** Records a payment once per provider reference; true when this call recorded it. */
  record(manager: EntityManager, record: NewPaymentRecord): Promise<boolean> {
    return this.records.insert(manager, { ...record, currency: record.currency.toUpperCase() });
  }

  /** GET /api/account/billing-history: the user's payments, newest first. */
  async historyOf(userId: string): Promise<BillingHistoryResponse> {
    const rows = await this.records.listOwned(userId, BILLING_HISTORY_LIMIT);
    return { payments: rows.map(toBillingRecord) };
  }

  /** Keeps the user's records for the accounts but without the user; answers how many were kept. */
  anonymise(manager: EntityManager, userId: string): Promise<number> {
    return this.records.anonymiseOwned(manager, userId);
  }
}
