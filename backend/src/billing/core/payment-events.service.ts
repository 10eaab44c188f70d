import { Injectable } from '@nestjs/common';
import type { PaymentProvider } from '@kasa/contracts';
import type { EntityManager } from 'typeorm';
import { SubscriptionRepository } from './subscription.repository';

/**
 * Applies each provider event once. The event id is inserted in the same transaction as the
 * work it triggers: a concurrent delivery of the same id waits on that insert and then finds it
 * done; a delivery whose work failed leaves no trace and is applied by the provider's retry.
 */
@Injectable()
export class PaymentEventsService {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  /** Resolves true when this call applied the event, false when it had been applied already. */
  processOnce(
    provider: PaymentProvider,
    eventId: string,
    eventType: string,
    work: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.subscriptions.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "payment_events" ("provider", "event_id", "event_type") VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING "event_id"`,
        [provider, eventId, eventType],
      );
      if (inserted.length === 0) return false;
      await work(manager);
      return true;
    });
  }
}
