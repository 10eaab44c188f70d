import type { ChatMessageStatus, ChatRole, ErrorCode } from '@kasa/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One message of a conversation. User messages are always 'complete';
 * an assistant reply is 'streaming' while it is written, then 'complete', 'stopped' or 'failed'.
 * The generated `search_vector` column (full-text search) is not mapped: only SQL reads it.
 */
@Entity('chat_messages')
export class ChatMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'conversation_id', type: 'uuid' })
  conversationId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 16 })
  role: ChatRole;

  @Column({ type: 'text', default: '' })
  content: string;

  @Column({ type: 'varchar', length: 16, default: 'complete' })
  status: ChatMessageStatus;

  /** Why the reply failed, in words for the user. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The stable code of `error` (libs/contracts ERROR_CODES); null on replies failed before codes. */
  @Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true })
  errorCode: ErrorCode | null;

  /** The message's image, a file of our storage (its link is signed when messages are read). */
  @Column({ name: 'media_file_id', type: 'uuid', nullable: true })
  mediaFileId: string | null;

  @Column({ name: 'media_type', type: 'varchar', length: 16, nullable: true })
  mediaType: 'image' | null;

  /** The message's audio (spoken reply, recording or uploaded audio), a file of our storage. */
  @Column({ name: 'audio_file_id', type: 'uuid', nullable: true })
  audioFileId: string | null;

  @Column({ type: 'text', nullable: true })
  transcription: string | null;

  /** A spoken message: the language (ISO 639-1) its transcription was made in. */
  @Column({ name: 'transcription_language', type: 'varchar', length: 16, nullable: true })
  transcriptionLanguage: string | null;

  /** Set by Stop on any instance; the instance writing the reply checks it while it streams. */
  @Column({ name: 'stop_requested', type: 'boolean', default: false })
  stopRequested: boolean;

  /**
   * The message this one answers or follows in the conversation's tree (null: a first message).
   * Versions of a message share it (docs/architecture.md#versions-and-branches).
   */
  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId: string | null;

  /** Replies: the id of the chat model that wrote it (null on user messages and older replies). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  model: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', insert: false })
  updatedAt: Date;
}
