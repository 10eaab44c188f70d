import type { PaymentProvider } from '@kasa/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A provider event already applied (Stripe's event id, or the sandbox's stand-in for one).
 * Its primary key is what makes a webhook delivered many times, even at once, apply once.
 */
@Entity('payment_events')
export class PaymentEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  provider!: PaymentProvider;

  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 255 })
  eventId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 64 })
  eventType!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
