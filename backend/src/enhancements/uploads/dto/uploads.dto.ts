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
      'One file, at most 50 MB: an image (JPEG, PNG, GIF, WebP), a PDF, a Word document (DOCX, DOC) or text (plain, CSV, JSON), recognised by its bytes (never its name or declared type).',
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
    description: 'UPLOAD_OCR_UNAVAILABLE (no tesseract or pdftoppm here) or UPLOAD_EXTRACTION_FAILED.',
  })
  code?: string | null;
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
