import type { PaymentMethod, PaymentProvider, PlanId } from '@kasa/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Where a paid period stands. 'pending': checkout started, nothing paid yet; 'active': paid,
 * Pro until current_period_end; 'canceled': ended by the provider (deleted / expired);
 * 'failed': the payment was declined or could not be verified.
 */
export type SubscriptionStatusValue = 'pending' | 'active' | 'canceled' | 'failed';

/**
 * One paid (or being paid) Pro period source: a Stripe subscription, or one mobile-money payment
 * of 30 days. Entitlement is derived from these rows and the clock (EntitlementService), so an
 * expired Pro is Basic without any job having to run.
 */
@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  plan!: PlanId;

  @Column({ type: 'varchar', length: 16 })
  method!: PaymentMethod;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProvider;

  /** The provider's id: Stripe subscription id, Flutterwave tx_ref, or the sandbox checkout id. Unique per provider. */
  @Column({ name: 'provider_ref', type: 'varchar', length: 255 })
  providerRef!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: SubscriptionStatusValue;

  /** Pro lasts until then (null while pending). */
  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  /**
   * When the provider produced the state last applied (Stripe's event.created). Providers do not
   * deliver webhooks in order: an older subscription state arriving late is ignored.
   */
  @Column({ name: 'provider_state_at', type: 'timestamptz', nullable: true })
  providerStateAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
