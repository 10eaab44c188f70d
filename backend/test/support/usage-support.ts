import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { UsageFeature } from '@kasa/contracts';
import { CLOCK, type Clock } from '../../src/common/clock';
import { sql } from '../chat-support';

/** Sign-ups per address are rate limited; usage tests sign many users up. */
export const MANY_SIGN_UPS = { RATE_LIMIT_REGISTER_PER_IP: '10000' };

/**
 * Stands the application's clock at `iso` (every service reads the one CLOCK object); returns
 * the function that gives it back the real time.
 */
export function setClock(app: INestApplication, iso: string): () => void {
  const clock = app.get<Clock>(CLOCK);
  const real = clock.now;
  const at = new Date(iso);
  clock.now = () => new Date(at);
  return () => {
    clock.now = real;
  };
}

/** A paid Pro period, as the payment code stores one once paid (status active until periodEnd). */
export async function storeProPeriod(databaseUrl: string, userId: string, periodEnd: Date): Promise<void> {
  await sql(
    databaseUrl,
    `INSERT INTO subscriptions (user_id, plan, method, provider, provider_ref, status, current_period_end)
     VALUES ($1, 'PRO_PLAN', 'card', 'sandbox', $2, 'active', $3)`,
    [userId, `usage_test_${randomUUID()}`, periodEnd],
  );
}

/** The stored counter (0 when there is none); `period` is the month's first day, '2031-01-01'. */
export async function usedIn(
  databaseUrl: string,
  userId: string,
  feature: UsageFeature,
  period: string,
): Promise<number> {
  const rows = await sql<{ used: number }>(
    databaseUrl,
    `SELECT used FROM usage_counters WHERE user_id = $1 AND period = $2::date AND feature = $3`,
    [userId, period, feature],
  );
  return rows[0]?.used ?? 0;
}
