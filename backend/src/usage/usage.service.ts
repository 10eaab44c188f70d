import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlanId, PlansResponse, SubscriptionStatus, UsageFeature } from '@kasa/contracts';
import { CLOCK, type Clock } from '../common/clock';
import { EntitlementService } from '../entitlement';
import { PlanCatalog } from '../plans';
import { Reservation } from './reservation';
import { UsageAlerts } from './usage-alerts';
import { plansResponse, subscriptionStatus } from './subscription-status';
import { UsageLimitExceededException } from './usage-limit.exception';
import { usagePeriodOf } from './usage-period';
import { type CounterKey, UsageRepository } from './usage.repository';

/** A reservation the caller's own statement makes (UsageService.prepare, then settle). */
export interface PreparedReservation {
  key: CounterKey;
  amount: number;
  /** The feature's Basic and Pro limits (negative: unlimited). */
  limits: { basic: number; pro: number };
  /** The instant whose plan and month count. */
  at: Date;
}

/**
 * Monthly quotas (docs/architecture.md#data-flow-a-metered-request). Usage is reserved before the work, in one conditional
 * statement, so concurrent requests can never go past a limit, and refunded when the work fails.
 * The plan comes from the user's entitlement at the clock's instant; the month is the clock's
 * UTC month.
 */
@Injectable()
export class UsageService {
  private readonly logger = new Logger('Usage');

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly repository: UsageRepository,
    private readonly plans: PlanCatalog,
    private readonly entitlement: EntitlementService,
    private readonly alerts: UsageAlerts,
  ) {}

  /**
   * Takes `amount` of the feature from this month's quota, or throws the usage-limit 429 when
   * that would pass the plan's limit (an unlimited feature is counted, never refused).
   */
  async reserve(userId: string, feature: UsageFeature, amount = 1): Promise<Reservation> {
    const prepared = await this.prepare(userId, feature, amount);
    // The plan is read in the reserving statement itself: one round trip per metered request.
    const reserved = await this.repository.reserveOnPlan(prepared.key, amount, prepared.limits, prepared.at);
    return this.settle(prepared, reserved);
  }

  /**
   * The usage-limit 429 when `amount` more of the feature would pass the plan's limit now; takes
   * nothing. A read before work charged on another quota first (a voice turn's seconds before
   * its message): the real reservation, later, still decides.
   */
  async assertAvailable(userId: string, feature: UsageFeature, amount = 1): Promise<void> {
    const at = this.clock.now();
    const key = { userId, period: usagePeriodOf(at), feature };
    const [plan, plans, used] = await Promise.all([
      this.entitlement.planOf(userId, at),
      this.plans.all(),
      this.repository.usedOf(key),
    ]);
    const limit = plans[plan][feature];
    if (limit >= 0 && used + amount > limit)
      throw new UsageLimitExceededException(feature, used, limit, plan === 'BASIC_PLAN', at);
  }

  /**
   * For work stored by the statement that takes its quota (a chat send: one round trip): what
   * that statement needs (see reserveOnPlanCtes), to be passed to `settle` with its outcome.
   */
  async prepare(userId: string, feature: UsageFeature, amount = 1): Promise<PreparedReservation> {
    if (!Number.isSafeInteger(amount) || amount < 1)
      throw new Error(`A usage reservation needs a positive whole amount, not ${amount}.`);
    const at = this.clock.now();
    const plans = await this.plans.all();
    return {
      key: { userId, period: usagePeriodOf(at), feature },
      amount,
      limits: { basic: plans.BASIC_PLAN[feature], pro: plans.PRO_PLAN[feature] },
      at,
    };
  }

  /**
   * The outcome of a prepared reservation's statement: the Reservation (to refund when the work
   * fails), or the usage-limit 429 when the limit refused it (`reserved` null; `refusedOn`, the
   * plan the statement found, saves reading it again).
   */
  async settle(
    prepared: PreparedReservation,
    reserved: { used: number; plan: PlanId } | null,
    refusedOn?: PlanId,
  ): Promise<Reservation> {
    const { key, amount, at } = prepared;
    const { userId, feature } = key;
    const plans = await this.plans.all();
    if (reserved === null) {
      const [plan, current] = await Promise.all([
        refusedOn ?? this.entitlement.planOf(userId, at),
        this.repository.usedOf(key),
      ]);
      throw new UsageLimitExceededException(
        feature,
        current,
        plans[plan][feature],
        plan === 'BASIC_PLAN',
        at,
      );
    }
    this.alerts.afterReserve(key, amount, reserved.used, plans[reserved.plan][feature]);
    return new Reservation(
      key,
      amount,
      (reservation) => this.giveBack(reservation, reservation.amount),
      plans[reserved.plan][feature],
    );
  }

  /** Same as `reservation.refund()`. */
  refund(reservation: Reservation): Promise<void> {
    return reservation.refund();
  }

  /**
   * Gives back `amount` of the feature to the month `takenAt` falls in (UTC), for work whose
   * Reservation is gone (it lived in a process that died). The caller makes sure it happens
   * once per piece of work. Never rejects: like any refund, a failure is logged.
   */
  refundAt(userId: string, feature: UsageFeature, amount: number, takenAt: Date): Promise<void> {
    if (!Number.isSafeInteger(amount) || amount < 1)
      throw new Error(`A usage refund needs a positive whole amount, not ${amount}.`);
    return this.giveBack({ userId, feature, period: usagePeriodOf(takenAt) }, amount);
  }

  /** The user's plan, both plans' limits and this month's usage (usage in one query). */
  async status(userId: string): Promise<SubscriptionStatus> {
    const now = this.clock.now();
    const [entitlement, used, plans] = await Promise.all([
      this.entitlement.entitlementOf(userId, now),
      this.repository.usedIn(userId, usagePeriodOf(now)),
      this.plans.all(),
    ]);
    return subscriptionStatus(entitlement, plans, used, now);
  }

  async plansOffered(): Promise<PlansResponse> {
    return plansResponse(await this.plans.all());
  }

  private async giveBack(key: CounterKey, amount: number): Promise<void> {
    try {
      await this.repository.refund(key, amount);
    } catch (error) {
      this.logger.error(
        `Refunding ${amount} ${key.feature} (${key.period}) to user ${key.userId} failed: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}
