import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PlanId, UsageFeature } from '@kasa/contracts';
import type { DataSource } from 'typeorm';

/** One counter: a user's use of a feature in a period (the month's first day, 'YYYY-MM-01'). */
export interface CounterKey {
  userId: string;
  period: string;
  feature: UsageFeature;
}

type Row = Record<string, unknown>;

/** The placeholders ($n) of a statement that reserves inside it (see reserveOnPlanCtes). */
export interface ReservePlaceholders {
  userId: string;
  period: string;
  feature: string;
  amount: string;
  /** The Basic and Pro limits of the feature (negative: unlimited). */
  basic: string;
  pro: string;
  /** The instant whose plan decides the limit. */
  at: string;
}

/**
 * Two CTEs, "p" (the limit of the user's plan at `at`) and "reserved" (the counter's new
 * "used" and "pro", no row when the limit refused it), for a statement that takes the quota
 * together with its own work: the caller's other CTEs select FROM "reserved", so they happen only
 * when the quota was taken, and the statement is atomic. `gate`, a condition, lets the caller
 * reserve only when it holds (a key not used yet, a conversation that is the user's): a false
 * gate charges nothing. Exact under concurrency like `reserve`: the insert of a first use and the
 * update of a concurrent one both check the limit, the update on the latest row under its lock.
 */
export function reserveOnPlanCtes(p: ReservePlaceholders, gate = 'true'): string {
  return `"p" AS (
    SELECT CASE WHEN "pro" THEN ${p.pro}::int ELSE ${p.basic}::int END AS "limit", "pro"
      FROM (SELECT EXISTS (
             SELECT 1 FROM "subscriptions"
              WHERE "user_id" = ${p.userId}::uuid AND "status" = 'active' AND "plan" = 'PRO_PLAN'
                AND "current_period_end" > ${p.at}::timestamptz
           ) AS "pro") "s"
  ),
  "reserved" AS (
    INSERT INTO "usage_counters" AS c ("user_id", "period", "feature", "used")
    SELECT ${p.userId}::uuid, ${p.period}::date, ${p.feature}::text, ${p.amount}::int FROM "p"
     WHERE (${gate}) AND ("p"."limit" < 0 OR ${p.amount}::int <= "p"."limit")
    ON CONFLICT ("user_id", "period", "feature") DO UPDATE
      SET "used" = c."used" + EXCLUDED."used"
      WHERE (SELECT "limit" FROM "p") < 0 OR c."used" + EXCLUDED."used" <= (SELECT "limit" FROM "p")
    RETURNING "used", (SELECT "pro" FROM "p") AS "pro"
  )`;
}

/**
 * A data-modifying CTE body that gives usage back, never below zero, for the rows of `given`
 * (a FROM item with "user_id", "period", "feature", "amount"), for a statement that gives back
 * together with its own change: the refund then happens exactly when that change does, once,
 * and a crash cannot split them (a reply that found nothing, ended in the same statement:
 * chat/generation/reply.repository.ts). The same rule as UsageRepository.refund.
 */
export function refundCountersCte(given: string): string {
  return `UPDATE "usage_counters" c SET "used" = GREATEST(c."used" - r."amount", 0)
      FROM (SELECT "user_id", "period", "feature", sum("amount")::int AS "amount"
              FROM ${given} GROUP BY 1, 2, 3) r
     WHERE c."user_id" = r."user_id" AND c."period" = r."period" AND c."feature" = r."feature"`;
}

/** Database access for usage counters. */
@Injectable()
export class UsageRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds `amount` to the counter in one statement, only if the sum stays within `limit` (a
   * negative limit is unlimited). Both paths check: the insert of a first use, and the update
   * PostgreSQL switches to when a concurrent request inserted first (it then re-reads the row
   * under its lock). Returns the new count, or null when the limit refused it.
   */
  async reserve(key: CounterKey, amount: number, limit: number): Promise<number | null> {
    const rows: Row[] = await this.dataSource.query(
      `INSERT INTO "usage_counters" AS c ("user_id", "period", "feature", "used")
       SELECT $1, $2::date, $3, $4::int WHERE $5::int < 0 OR $4::int <= $5::int
       ON CONFLICT ("user_id", "period", "feature") DO UPDATE
         SET "used" = c."used" + EXCLUDED."used"
         WHERE $5::int < 0 OR c."used" + EXCLUDED."used" <= $5::int
       RETURNING "used"`,
      [key.userId, key.period, key.feature, amount, limit],
    );
    return rows.length ? (rows[0].used as number) : null;
  }

  /**
   * `reserve` with the plan read in the same statement: the limit is `limits.pro` while an active
   * paid Pro period covers `at` (as EntitlementService.entitlementOf decides), else
   * `limits.basic`. One round trip instead of two for every metered request (bench/chat-send).
   * Answers the new count and the plan, or null when the limit refused it.
   */
  async reserveOnPlan(
    key: CounterKey,
    amount: number,
    limits: { basic: number; pro: number },
    at: Date,
  ): Promise<{ used: number; plan: PlanId } | null> {
    const rows: Row[] = await this.dataSource.query(
      `WITH ${reserveOnPlanCtes({ userId: '$1', period: '$2', feature: '$3', amount: '$4', basic: '$5', pro: '$6', at: '$7' })}
       SELECT "used", "pro" FROM "reserved"`,
      [key.userId, key.period, key.feature, amount, limits.basic, limits.pro, at],
    );
    if (!rows.length) return null;
    return { used: rows[0].used as number, plan: rows[0].pro ? 'PRO_PLAN' : 'BASIC_PLAN' };
  }

  /** Gives `amount` back to the counter, never below zero. */
  async refund(key: CounterKey, amount: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "usage_counters" SET "used" = GREATEST("used" - $4::int, 0)
       WHERE "user_id" = $1 AND "period" = $2::date AND "feature" = $3`,
      [key.userId, key.period, key.feature, amount],
    );
  }

  /**
   * Ends the reservation a job carried, once per job (`jobKey`), whoever calls and however often:
   * the counter keeps `used` of the `reserved` amount (0: a refund). Use beyond the reservation is
   * counted only while the counter stays within the plan's `limit` (negative: unlimited; unknown:
   * never): the work is done and delivered either way. The settlement row and the counter change
   * are one statement. Answers what was charged, or null when the job was settled already.
   */
  async settleJob(
    jobKey: string,
    reserved: CounterKey & { amount: number; limit?: number },
    used: number,
  ): Promise<number | null> {
    const rows: Row[] = await this.dataSource.query(
      `WITH "counter" AS (
         SELECT "used" FROM "usage_counters"
          WHERE "user_id" = $2 AND "period" = $3::date AND "feature" = $4
       ),
       "charge" AS (
         SELECT CASE
                  WHEN $6::int <= $5::int THEN $6::int
                  WHEN $7::int < 0 OR COALESCE((SELECT "used" FROM "counter"), 0) + $6::int - $5::int <= $7::int
                    THEN $6::int
                  ELSE $5::int
                END AS "amount"
       ),
       "settled" AS (
         INSERT INTO "job_usage_settlements" ("job_key", "user_id", "feature", "period", "reserved", "charged")
         SELECT $1::uuid, $2, $4, $3::date, $5, "amount" FROM "charge"
         ON CONFLICT ("job_key") DO NOTHING
         RETURNING "charged"
       ),
       "counted" AS (
         UPDATE "usage_counters" SET "used" = GREATEST("used" + (SELECT "charged" FROM "settled") - $5::int, 0)
          WHERE "user_id" = $2 AND "period" = $3::date AND "feature" = $4 AND EXISTS (SELECT 1 FROM "settled")
       )
       SELECT "charged" FROM "settled"`,
      [
        jobKey,
        reserved.userId,
        reserved.period,
        reserved.feature,
        reserved.amount,
        Math.max(0, Math.round(used)),
        // Unknown: only the reserved amount may be kept (a number the CASE never passes).
        reserved.limit ?? 0,
      ],
    );
    return rows.length ? (rows[0].charged as number) : null;
  }

  /** Deletes job settlements older than `days`; answers how many went. */
  async deleteSettlementsOlderThan(days: number): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM "job_usage_settlements" WHERE "settled_at" < now() - make_interval(days => $1::int)`,
      [days],
    )) as [unknown, number];
    return count;
  }

  async usedOf(key: CounterKey): Promise<number> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "used" FROM "usage_counters" WHERE "user_id" = $1 AND "period" = $2::date AND "feature" = $3`,
      [key.userId, key.period, key.feature],
    );
    return rows.length ? (rows[0].used as number) : 0;
  }

  /** Every counter of the user in the period, in one query; features never used are absent. */
  async usedIn(userId: string, period: string): Promise<Partial<Record<UsageFeature, number>>> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "feature", "used" FROM "usage_counters" WHERE "user_id" = $1 AND "period" = $2::date`,
      [userId, period],
    );
    return Object.fromEntries(rows.map((row) => [row.feature, row.used]));
  }
}
