import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ActiveSubscription, PaymentMethod, PaymentProvider, PlanId } from '@kasa/contracts';
import type { DataSource } from 'typeorm';
import { type PreparedStatement, queryPrepared } from '../common';

/** What a user is entitled to at an instant: Pro while an active paid period covers it. */
export interface Entitlement {
  plan: PlanId;
  /** The period that makes the user Pro (the one ending last), when there is one. */
  subscription: ActiveSubscription | null;
}

export interface ProPeriodRow {
  method: PaymentMethod;
  provider: PaymentProvider;
  current_period_end: Date;
  cancel_at_period_end: boolean;
}

/** Pro while a paid period covers the instant (`row`), else Basic (no row). */
export function toEntitlement(row: ProPeriodRow | undefined): Entitlement {
  if (!row) return { plan: 'BASIC_PLAN', subscription: null };
  return {
    plan: 'PRO_PLAN',
    subscription: {
      method: row.method,
      provider: row.provider,
      currentPeriodEnd: row.current_period_end.toISOString(),
      cancelAtPeriodEnd: row.cancel_at_period_end,
      cancellable: row.method === 'card' && !row.cancel_at_period_end,
    },
  };
}

/** The active Pro period ending last, if one still covers the instant ($2). */
const PRO_PERIOD_AT: PreparedStatement = {
  name: 'entitlement_pro_period_at',
  text: `SELECT "method", "provider", "current_period_end", "cancel_at_period_end"
         FROM "subscriptions"
         WHERE "user_id" = $1 AND "status" = 'active' AND "plan" = 'PRO_PLAN' AND "current_period_end" > $2
         ORDER BY "current_period_end" DESC
         LIMIT 1`,
};

/**
 * Reads the subscriptions billing stores. Every status read and metered request asks: one
 * prepared statement on an index (subscriptions_user_active_idx), not TypeORM's find machinery,
 * which cost many times the query.
 */
@Injectable()
export class EntitlementRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async entitlementAt(userId: string, at: Date): Promise<Entitlement> {
    const [row] = await queryPrepared<ProPeriodRow>(this.dataSource, PRO_PERIOD_AT, [userId, at]);
    return toEntitlement(row);
  }
}
