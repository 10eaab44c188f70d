import { Injectable } from '@nestjs/common';
import type { PaymentMethod, PaymentProvider } from '@kasa/contracts';
import { DataSource, type EntityManager, In, MoreThan } from 'typeorm';
import { SubscriptionEntity } from '../entities/subscription.entity';

export type NewSubscription = Pick<
  SubscriptionEntity,
  'userId' | 'method' | 'provider' | 'providerRef' | 'status' | 'currentPeriodEnd'
> &
  Partial<Pick<SubscriptionEntity, 'cancelAtPeriodEnd' | 'providerStateAt'>>;

/**
 * The subscriptions table as the payment flows use it: inside transactions, with row locks, so
 * concurrent webhooks, clicks and approvals settle each payment once.
 */
@Injectable()
export class SubscriptionRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Runs `work` in a transaction holding the user's billing lock (released at commit), so one
   * user's checkouts and Pro grants never interleave (a double click starts one checkout).
   */
  withUserLock<T>(userId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockUser(manager, userId);
      return work(manager);
    });
  }

  async lockUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`kasa-billing:${userId}`]);
  }

  /** The row of a provider reference, locked until the transaction ends. */
  lockByRef(
    manager: EntityManager,
    provider: PaymentProvider,
    providerRef: string,
  ): Promise<SubscriptionEntity | null> {
    return manager.getRepository(SubscriptionEntity).findOne({
      where: { provider, providerRef },
      lock: { mode: 'pessimistic_write' },
    });
  }

  findByRef(provider: PaymentProvider, providerRef: string): Promise<SubscriptionEntity | null> {
    return this.dataSource.getRepository(SubscriptionEntity).findOneBy({ provider, providerRef });
  }

  /** The user's newest checkout of this method that is still waiting for its payment. */
  findPending(
    manager: EntityManager,
    userId: string,
    method: PaymentMethod,
    provider: PaymentProvider,
  ): Promise<SubscriptionEntity | null> {
    return manager.getRepository(SubscriptionEntity).findOne({
      where: { userId, method, provider, status: 'pending' },
      order: { createdAt: 'DESC' },
    });
  }

  /** The card subscription making the user Pro now that has not been cancelled yet. */
  findCancellableCard(userId: string, now: Date): Promise<SubscriptionEntity | null> {
    return this.dataSource.getRepository(SubscriptionEntity).findOne({
      where: { userId, method: 'card', status: 'active', currentPeriodEnd: MoreThan(now) },
      order: { cancelAtPeriodEnd: 'ASC', currentPeriodEnd: 'DESC' },
    });
  }

  /** The user's card subscriptions a provider may still charge: waiting for payment or paying. */
  findOpenCards(userId: string): Promise<SubscriptionEntity[]> {
    return this.dataSource.getRepository(SubscriptionEntity).find({
      where: { userId, method: 'card', status: In(['pending', 'active']) },
      order: { createdAt: 'ASC' },
    });
  }

  /** When the user's Pro ends, if they are Pro at `now`. */
  async proEndOf(manager: EntityManager, userId: string, now: Date): Promise<Date | null> {
    const row = await manager.getRepository(SubscriptionEntity).findOne({
      where: { userId, status: 'active', plan: 'PRO_PLAN', currentPeriodEnd: MoreThan(now) },
      order: { currentPeriodEnd: 'DESC' },
    });
    return row?.currentPeriodEnd ?? null;
  }

  /**
   * Inserts a Pro subscription row unless the provider reference is already stored (a webhook
   * may record a subscription before the checkout that made it does).
   */
  async insert(manager: EntityManager, row: NewSubscription): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(SubscriptionEntity)
      .values({ plan: 'PRO_PLAN', cancelAtPeriodEnd: false, providerStateAt: null, ...row })
      .orIgnore()
      .execute();
  }

  async save(manager: EntityManager, row: SubscriptionEntity): Promise<void> {
    await manager.getRepository(SubscriptionEntity).save(row);
  }
}
