import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ActiveSubscription, PlanId } from '@kasa/contracts';
import { MoreThan, type Repository } from 'typeorm';
import { SubscriptionEntity } from '../entities/subscription.entity';

/** What a user is entitled to at an instant: Pro while an active paid period covers it. */
export interface Entitlement {
  plan: PlanId;
  /** The period that makes the user Pro (the one ending last), when there is one. */
  subscription: ActiveSubscription | null;
}

/**
 * Reads entitlement from stored subscriptions and the given instant, so an expired Pro is Basic
 * without any job having to run. The instant comes from the caller's clock (tests inject one).
 */
@Injectable()
export class EntitlementService {
  constructor(
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  async entitlementOf(userId: string, at: Date): Promise<Entitlement> {
    const row = await this.subscriptions.findOne({
      where: { userId, status: 'active', plan: 'PRO_PLAN', currentPeriodEnd: MoreThan(at) },
      order: { currentPeriodEnd: 'DESC' },
    });
    if (!row?.currentPeriodEnd) return { plan: 'BASIC_PLAN', subscription: null };
    return {
      plan: 'PRO_PLAN',
      subscription: {
        method: row.method,
        provider: row.provider,
        currentPeriodEnd: row.currentPeriodEnd.toISOString(),
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        cancellable: row.method === 'card' && !row.cancelAtPeriodEnd,
      },
    };
  }

  async planOf(userId: string, at: Date): Promise<PlanId> {
    return (await this.entitlementOf(userId, at)).plan;
  }
}
