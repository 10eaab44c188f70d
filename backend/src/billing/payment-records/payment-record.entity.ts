import type { PaymentMethod, PaymentProvider, PaymentRecordStatus } from '@kasa/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One payment made or refused: a line of the billing history. Rows outlive their user
 * (accounting law): deleting the account nulls `user_id` and stamps `anonymised_at`.
 */
@Entity('payment_records')
export class PaymentRecordEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  method!: PaymentMethod;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProvider;

  /** Stripe invoice id, Flutterwave tx_ref or sandbox checkout id: unique per provider. */
  @Column({ name: 'provider_ref', type: 'varchar', length: 255 })
  providerRef!: string;

  /** In the currency's minor unit (USD cents; XAF has none: 2500 is ₣2,500). */
  @Column({
    name: 'amount_minor',
    type: 'bigint',
    transformer: { to: (value: number) => value, from: (value: string) => Number(value) },
  })
  amountMinor!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: PaymentRecordStatus;

  @Column({ name: 'period_start', type: 'timestamptz', nullable: true })
  periodStart!: Date | null;

  @Column({ name: 'period_end', type: 'timestamptz', nullable: true })
  periodEnd!: Date | null;

  @Column({ name: 'paid_at', type: 'timestamptz' })
  paidAt!: Date;

  @Column({ name: 'anonymised_at', type: 'timestamptz', nullable: true })
  anonymisedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt!: Date;
}
