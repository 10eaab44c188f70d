import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ExtractionStatus, UploadExtraction, UploadMimeType } from '@kasa/contracts';

const bigintAsNumber = { to: (value: number) => value, from: (value: string) => Number(value) };

/** One uploaded document of one user; its bytes are the stored file `fileId` (kind 'upload'). */
@Entity('uploads')
export class UploadEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'conversation_id', type: 'uuid', nullable: true })
  conversationId: string | null;

  @Column({ name: 'file_id', type: 'uuid' })
  fileId: string;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  size: number;

  @Column({ name: 'mime_type', type: 'varchar', length: 100 })
  mimeType: UploadMimeType;

  /** 'device': the upload dialog; 'google-drive': imported from the user's Drive. */
  @Column({ type: 'varchar', length: 16, default: 'device' })
  origin: 'device' | 'google-drive';

  @Column({ name: 'extraction_status', type: 'varchar', length: 16, default: 'pending' })
  extractionStatus: ExtractionStatus;

  @Column({ name: 'extraction_progress', type: 'smallint', default: 0 })
  extractionProgress: number;

  @Column({ name: 'extraction_method', type: 'varchar', length: 8, nullable: true })
  extractionMethod: NonNullable<UploadExtraction['method']> | null;

  @Column({ name: 'extraction_error', type: 'text', nullable: true })
  extractionError: string | null;

  @Column({ name: 'extraction_error_code', type: 'varchar', length: 64, nullable: true })
  extractionErrorCode: string | null;

  @Column({ type: 'integer', nullable: true })
  characters: number | null;

  /** A scanned PDF read by OCR: pages read (from the first on) and pages in all. */
  @Column({ name: 'pages_read', type: 'integer', nullable: true })
  pagesRead: number | null;

  @Column({ name: 'pages_total', type: 'integer', nullable: true })
  pagesTotal: number | null;

  /** Why the pages after `pagesRead` were not read. */
  @Column({ name: 'extraction_stopped_by', type: 'varchar', length: 16, nullable: true })
  extractionStoppedBy: NonNullable<UploadExtraction['stoppedBy']> | null;

  @Column({ name: 'extraction_note', type: 'text', nullable: true })
  extractionNote: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}

/** A passage of an upload's extracted text (about 1,500 characters), searchable on its own. */
@Entity('upload_passages')
export class UploadPassageEntity {
  @PrimaryColumn({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @PrimaryColumn({ type: 'integer' })
  ordinal: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  content: string;
}
