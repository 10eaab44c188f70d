import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's TOTP settings (one row at most; none = never set up). Secrets are sealed with
 * SecretBox. A pending secret waits for its first code (confirm); `enabledAt` set means on.
 */
@Entity('user_two_factor')
export class UserTwoFactor {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'secret_encrypted', type: 'text', nullable: true, select: false })
  secretEncrypted!: string | null;

  @Column({ name: 'enabled_at', type: 'timestamptz', nullable: true })
  enabledAt!: Date | null;

  @Column({ name: 'pending_secret_encrypted', type: 'text', nullable: true, select: false })
  pendingSecretEncrypted!: string | null;

  @Column({ name: 'pending_created_at', type: 'timestamptz', nullable: true })
  pendingCreatedAt!: Date | null;

  /** The last 30 s step a code was accepted for: a code of that step or older is refused (replay). */
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true })
  lastUsedStep!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
