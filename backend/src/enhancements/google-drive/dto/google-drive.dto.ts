import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type {
  CloudStorageAuthUrl,
  CloudStorageDownloadRequest,
  CloudStorageFile,
  CloudStorageFilesRequest,
  CloudStorageFilesResponse,
} from '@kasa/contracts';
import { IsConversationId } from '../../../common';
import { UploadRecordDoc } from '../../uploads/dto/uploads.dto';

export const CODE_INVALID = 'code must be text of at most 2000 characters.';
export const FILE_ID_INVALID = 'fileId must be a Google Drive file id (letters, digits, - and _).';

/**
 * Body of POST /api/enhancements/google-drive/files. `code` stays in the request's shape (clients
 * built on it send one) but is ignored: trading it here would connect whichever Drive the code came
 * from to the caller, without the state and browser checks only the callback makes.
 */
export class DriveFilesDto implements CloudStorageFilesRequest {
  @ApiPropertyOptional({
    type: String,
    maxLength: 2000,
    deprecated: true,
    description:
      'Accepted and ignored: only the callback page, which checks the state and the browser, trades a code. ' +
      'The list uses the grant it stored.',
  })
  @IsOptional()
  @IsString({ message: CODE_INVALID })
  @MaxLength(2000, { message: CODE_INVALID })
  code?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description: 'Accepted for the dialog; unused by the list.',
  })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;
}

/** Body of POST /api/enhancements/google-drive/download. */
export class DriveDownloadDto implements CloudStorageDownloadRequest {
  @ApiProperty({ type: String, maxLength: 200, example: '1a2B3c4D5e6F7g8H9i0J' })
  @IsString({ message: FILE_ID_INVALID })
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: FILE_ID_INVALID })
  fileId: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description: "One of the user's conversations: the upload is attached to it.",
  })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;
}

export class CloudStorageAuthUrlDoc implements CloudStorageAuthUrl {
  @ApiProperty({
    description: "Google's consent page (OAuth 2 code flow, scope drive.readonly) for a 500x600 popup.",
    example: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=…&response_type=code&state=…',
  })
  authUrl: string;
}

export class CloudStorageFileDoc implements CloudStorageFile {
  @ApiProperty()
  id: string;

  @ApiProperty({ example: 'Maize yields 2025.pdf' })
  name: string;

  @ApiProperty({ example: 'application/pdf' })
  mimeType: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Bytes; null for Google Docs, Sheets and Slides.',
  })
  size: number | null;

  @ApiProperty({ format: 'date-time' })
  modifiedTime: string;

  @ApiProperty({ type: String, nullable: true })
  webViewLink: string | null;
}

export class CloudStorageFilesResponseDoc implements CloudStorageFilesResponse {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty({
    type: [CloudStorageFileDoc],
    description: 'The 50 most recently modified, folders left out.',
  })
  files: CloudStorageFileDoc[];
}

export class CloudStorageDownloadResponseDoc {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty({
    type: UploadRecordDoc,
    description: 'The imported file, as an upload: its text is extracted next.',
  })
  upload: UploadRecordDoc;
}
