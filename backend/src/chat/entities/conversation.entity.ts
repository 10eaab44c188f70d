import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One conversation of one user. `updatedAt` is the last activity (a message sent or a reply
 * written), set by the chat code itself: a rename does not move a conversation up the list.
 */
@Entity('conversations')
export class ConversationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  /** The leaf the conversation shows: its messages are the path from the root down to it. */
  @Column({ name: 'current_message_id', type: 'uuid', nullable: true })
  currentMessageId: string | null;

  /** The chat model chosen for the conversation (null: the default). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  model: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', insert: false })
  updatedAt: Date;
}
