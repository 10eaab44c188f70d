import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PaymentMethod } from '@kasa/contracts';
import type { DataSource } from 'typeorm';

/** A Pro period that ends soon and nothing continues. */
export interface EndingProPeriod {
  subscriptionId: string;
  userId: string;
  method: PaymentMethod;
  periodEnd: Date;
}

type Row = Record<string, unknown>;

/** Reads `subscriptions` for the Pro-ending e-mail (billing writes them; this only looks). */
@Injectable()
export class ProEndingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Active Pro periods ending in (now, until] that will not renew — a card cancelled at period
   * end, or a mobile-money pass — and that are the user's last (no other active Pro period ends
   * later: a second pass or a renewing card keeps Pro going). `limit` of them with an id after
   * `afterId` (keyset pages). Those whose mail is on record already are left out (key: proEndingKey).
   */
  async endingBetween(
    now: Date,
    until: Date,
    afterId: string | null,
    limit: number,
  ): Promise<EndingProPeriod[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT s."id", s."user_id", s."method", s."current_period_end"
       FROM "subscriptions" s
       WHERE s."status" = 'active' AND s."plan" = 'PRO_PLAN'
         AND s."current_period_end" > $1 AND s."current_period_end" <= $2
         AND (s."method" = 'mobile_money' OR s."cancel_at_period_end")
         AND ($3::uuid IS NULL OR s."id" > $3::uuid)
         AND NOT EXISTS (
           SELECT 1 FROM "subscriptions" later
           WHERE later."user_id" = s."user_id" AND later."status" = 'active' AND later."plan" = 'PRO_PLAN'
             AND later."current_period_end" > s."current_period_end")
         AND NOT EXISTS (
           SELECT 1 FROM "notification_deliveries" d
           WHERE d."user_id" = s."user_id" AND d."topic" = 'proEnding'
             AND d."key" = s."id"::text || '@' || floor(extract(epoch FROM s."current_period_end") * 1000)::bigint::text)
       ORDER BY s."id"
       LIMIT $4`,
      [now, until, afterId, limit],
    );
    return rows.map((row) => ({
      subscriptionId: row.id as string,
      userId: row.user_id as string,
      method: row.method as PaymentMethod,
      periodEnd: row.current_period_end as Date,
    }));
  }
}

/** The delivery key of one period's mail: the subscription and the end it announces (ms). */
export function proEndingKey(period: Pick<EndingProPeriod, 'subscriptionId' | 'periodEnd'>): string {
  return `${period.subscriptionId}@${period.periodEnd.getTime()}`;
}
