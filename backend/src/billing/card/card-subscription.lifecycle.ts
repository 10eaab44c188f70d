import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SubscriptionRepository } from '../core/subscription.repository';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import type { CardSubscriptionEvent } from './card-subscription-event';

const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a > b ? a : b);

/** 'canceled' (ended at the provider) and 'failed' (declined) are final: nothing revives them. */
const isFinal = (row: SubscriptionEntity) => row.status === 'canceled' || row.status === 'failed';

/**
 * Moves a card subscription row through its states from provider events (Stripe webhooks, the
 * sandbox checkout). Runs inside the caller's transaction; the row is locked while it changes.
 */
@Injectable()
export class CardSubscriptionLifecycle {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async apply(manager: EntityManager, event: CardSubscriptionEvent): Promise<void> {
    const row = await this.subscriptions.lockByRef(manager, event.provider, event.ref);
    if (!row) return this.adopt(manager, event);
    if (row.method !== 'card' || isFinal(row)) return;
    switch (event.kind) {
      case 'paid':
        row.status = 'active';
        row.currentPeriodEnd = later(row.currentPeriodEnd, event.periodEnd);
        break;
      case 'state':
        if (row.providerStateAt && event.at < row.providerStateAt) return;
        row.providerStateAt = event.at;
        row.cancelAtPeriodEnd = event.cancelAtPeriodEnd;
        if (event.state === 'ended') row.status = 'canceled';
        if (event.state === 'active') {
          row.status = 'active';
          // At a renewal Stripe moves the period forward before the renewal invoice is paid (and
          // stays 'active' until that payment fails): only a paid invoice extends Pro.
          row.currentPeriodEnd ??= event.periodEnd;
        }
        break;
      case 'declined':
        if (row.status !== 'pending') return;
        row.status = 'failed';
        break;
    }
    await this.subscriptions.save(manager, row);
  }

  /** A paying subscription Kasa has no row for (made outside the checkout): recorded for its owner. */
  private async adopt(manager: EntityManager, event: CardSubscriptionEvent): Promise<void> {
    if (!event.ownerId) return;
    const paying = event.kind === 'paid' || (event.kind === 'state' && event.state === 'active');
    if (!paying) return;
    await this.subscriptions.insert(manager, {
      userId: event.ownerId,
      method: 'card',
      provider: event.provider,
      providerRef: event.ref,
      status: 'active',
      currentPeriodEnd: event.periodEnd,
      cancelAtPeriodEnd: event.kind === 'state' && event.cancelAtPeriodEnd,
      providerStateAt: event.kind === 'state' ? event.at : null,
    });
  }
}
