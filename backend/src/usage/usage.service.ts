import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlansResponse, SubscriptionStatus, UsageFeature } from '@kasa/contracts';
import { EntitlementService } from '../billing';
import { CLOCK, type Clock } from '../common/clock';
import { PlanCatalog } from '../plans';
import { Reservation } from './reservation';
import { UsageAlerts } from './usage-alerts';
import { plansResponse, subscriptionStatus } from './subscription-status';
import { UsageLimitExceededException } from './usage-limit.exception';
import { usagePeriodOf } from './usage-period';
import { type CounterKey, UsageRepository } from './usage.repository';

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
    if (!Number.isSafeInteger(amount) || amount < 1)
      throw new Error(`A usage reservation needs a positive whole amount, not ${amount}.`);
    const now = this.clock.now();
    const plans = await this.plans.all();
    const key = { userId, period: usagePeriodOf(now), feature };
    // The plan is read in the reserving statement itself: one round trip per metered request.
    const reserved = await this.repository.reserveOnPlan(
      key,
      amount,
      { basic: plans.BASIC_PLAN[feature], pro: plans.PRO_PLAN[feature] },
      now,
    );
    if (reserved === null) {
      const [plan, current] = await Promise.all([
        this.entitlement.planOf(userId, now),
        this.repository.usedOf(key),
      ]);
      throw new UsageLimitExceededException(
        feature,
        current,
        plans[plan][feature],
        plan === 'BASIC_PLAN',
        now,
      );
    }
    const limit = plans[reserved.plan][feature];
    const used = reserved.used;
    this.alerts.afterReserve(key, amount, used, limit);
    return new Reservation(key, amount, (reservation) => this.giveBack(reservation, reservation.amount));
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
