import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const FILE_KINDS = ['image', 'audio', 'recording', 'upload', 'canvas'] as const;
/**
 * image: generated picture; audio: generated speech; recording: the microphone; upload: a user's
 * file; canvas: a drawing saved from the canvas editor (PNG).
 */
export type FileKind = (typeof FILE_KINDS)[number];

/** One stored file of one user; its bytes are in FILES_STORAGE under `storageKey`. */
@Entity('files')
export class StoredFileEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'conversation_id', type: 'uuid', nullable: true })
  conversationId: string | null;

  @Column({ type: 'varchar', length: 16 })
  kind: FileKind;

  @Column({ name: 'storage_key', type: 'varchar', length: 200 })
  storageKey: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  /** Bytes (bigint: TypeORM reads it back as a string, hence the transformer). */
  @Column({
    type: 'bigint',
    transformer: { to: (value: number) => value, from: (value: string) => Number(value) },
  })
  size: number;

  @Column({ name: 'original_name', type: 'varchar', length: 255, nullable: true })
  originalName: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
