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

  /** The request holding the claim while it runs (a token per request); null on rows from before owners. */
  @Column({ type: 'uuid', nullable: true })
  owner: string | null;

  /** What the running request recorded for a successor: its job's id, then the job's result. */
  @Column({ type: 'jsonb', nullable: true })
  progress: unknown;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  /** Renewed every few seconds by the running request (its heartbeat): older means its process died. */
  @Column({ name: 'updated_at', type: 'timestamptz', insert: false })
  updatedAt: Date;
}
