import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One saved drawing of one user; its PNG is the stored file `fileId` (kind 'canvas'). */
@Entity('canvas_saves')
export class CanvasSaveEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'conversation_id', type: 'uuid', nullable: true })
  conversationId: string | null;

  @Column({ name: 'file_id', type: 'uuid' })
  fileId: string;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
