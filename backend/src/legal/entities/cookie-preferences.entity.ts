import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A visitor's cookie choice (docs/product.md#cookie-consent), keyed by the browser's session id. */
@Entity({ name: 'cookie_preferences' })
export class CookiePreferencesEntity {
  @PrimaryColumn({ name: 'session_id', type: 'varchar', length: 64 })
  sessionId: string;

  @Column({ type: 'boolean', default: true })
  necessary: boolean;

  @Column({ type: 'boolean', default: false })
  analytics: boolean;

  @Column({ type: 'boolean', default: false })
  marketing: boolean;

  @Column({ type: 'boolean', default: false })
  preferences: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
