import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The Stripe customer of a user, made on their first card checkout and reused afterwards. */
@Entity('stripe_customers')
export class StripeCustomerEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 255 })
  customerId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
