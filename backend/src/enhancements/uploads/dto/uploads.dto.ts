import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import {
  type ExtractionStatus,
  UPLOAD_MIME_TYPES,
  type UploadExtraction,
  type UploadMimeType,
  type UploadRecord,
} from '@kasa/contracts';

/** Path parameter of /api/enhancements/uploads/:id (a malformed id is a 400, never a database error). */
export class UploadParams {
  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: 'The upload id must be a UUID.' })
  id: string;
}

/** The multipart body of POST /api/enhancements/upload (documentation only: busboy reads it). */
@ApiSchema({
  name: 'UploadFile',
  description: 'multipart/form-data: the file and an optional conversation.',
})
export class UploadFileDoc {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description:
      'One file, at most 50 MB: an image (JPEG, PNG, GIF, WebP), a PDF, a Word document (DOCX, DOC) or printable text (plain, CSV, JSON; not HTML, SVG, XML or a script), recognised by its bytes. Its name extension, if any, and declared type must be among those; it is stored under its name with the extension of the type found.',
  })
  file: unknown;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description: "A conversation of the user's: the file is deleted with it.",
  })
  conversationId?: string;
}

@ApiSchema({ name: 'UploadExtraction', description: "Where the reading of an upload's text stands." })
export class UploadExtractionDoc implements UploadExtraction {
  @ApiProperty({ enum: ['pending', 'running', 'done', 'failed'] })
  status: ExtractionStatus;

  @ApiProperty({
    type: Number,
    minimum: 0,
    maximum: 100,
    description: 'Progress while running (OCR: per page).',
  })
  progress: number;

  @ApiPropertyOptional({ enum: ['text', 'pdf', 'docx', 'doc', 'ocr'], nullable: true })
  method?: UploadExtraction['method'];

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Characters of text found, once done.' })
  characters?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Why it failed (the file is kept).' })
  error?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'UPLOAD_OCR_UNAVAILABLE (no tesseract or pdftoppm here), UPLOAD_EXTRACTION_FAILED (unreadable) or UPLOAD_EXTRACTION_LIMIT (past a limit of the reading: pixels, inflated size, memory, time).',
  })
  code?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'A scanned PDF read by OCR: its pages read, from the first on.',
  })
  pagesRead?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'A scanned PDF read by OCR: its pages.' })
  pagesTotal?: number | null;

  @ApiPropertyOptional({
    enum: ['page-limit', 'time-limit'],
    nullable: true,
    description: 'Why the pages after pagesRead were not read (UPLOAD_OCR_MAX_PAGES, or the time limit).',
  })
  stoppedBy?: UploadExtraction['stoppedBy'];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "What was skipped and why, in English, e.g. 'Pages 51-3000 were not read: …'.",
  })
  note?: string | null;
}

@ApiSchema({ name: 'UploadRecord', description: "An uploaded file of the user's and its text extraction." })
export class UploadRecordDoc implements UploadRecord {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String })
  originalName: string;

  @ApiProperty({ type: Number, description: 'Bytes.' })
  size: number;

  @ApiProperty({ enum: UPLOAD_MIME_TYPES, description: 'The type its bytes showed.' })
  mimeType: UploadMimeType;

  @ApiProperty({ type: UploadExtractionDoc })
  extraction: UploadExtractionDoc;
}
