import { Column, Entity, PrimaryColumn } from 'typeorm';

export type IdempotentRequestStatus = 'running' | 'done';

/**
 * One request made with an `Idempotency-Key`, per user and scope ('media.generate',
 * 'voice.transcribe'): claimed while it runs, then its stored result. The repository writes it
 * with plain SQL (the claim is one INSERT … ON CONFLICT); the entity documents the table.
 */
@Entity('idempotent_requests')
export class IdempotentRequestEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'text' })
  scope: string;

  @PrimaryColumn({ type: 'uuid' })
  key: string;

  @Column({ name: 'request_hash', type: 'text' })
  requestHash: string;

  @Column({ type: 'text' })
  status: IdempotentRequestStatus;

  @Column({ type: 'jsonb', nullable: true })
  result: unknown;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', insert: false })
  updatedAt: Date;
}
