import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import type {
  AccountExportRequest,
  AccountExportResponse,
  AccountExportStatus,
  AccountExportView,
} from '@kasa/contracts';
import { SESSION_ID_PATTERN } from '../../../legal/dto/legal.dto';

const SESSION_ID_MESSAGE = 'cookieSessionId must be 8 to 64 characters: letters, digits, "-" or "_"';

/** Body of POST /api/account/export. */
export class AccountExportRequestDto implements AccountExportRequest {
  @ApiPropertyOptional({
    type: String,
    pattern: SESSION_ID_PATTERN.source,
    description:
      "The browser's cookie-consent session (POST /api/legal/cookie-preferences): account.json then includes its choices.",
    example: '3b241101-e2bb-4255-8caf-4136c566a962',
  })
  @IsOptional()
  @IsString({ message: SESSION_ID_MESSAGE })
  @MaxLength(64, { message: SESSION_ID_MESSAGE })
  @Matches(SESSION_ID_PATTERN, { message: SESSION_ID_MESSAGE })
  cookieSessionId?: string;
}

/** Path parameter of /api/account/export/:id (a malformed id is a 400, never a database error). */
export class AccountExportParams {
  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: 'The export id must be a UUID.' })
  id: string;
}

/** The signed download link's query: what the export view's downloadUrl holds. */
export class AccountExportLinkQueryDto {
  @ApiProperty({
    type: String,
    pattern: '^\\d{1,12}$',
    description: 'Expiry, in Unix seconds (the export’s expiresAt).',
    example: '1767225600',
  })
  @IsString({ message: 'expires must be a number of seconds' })
  @Matches(/^\d{1,12}$/, { message: 'expires must be a number of seconds' })
  expires: string;

  @ApiProperty({
    type: String,
    pattern: '^[A-Za-z0-9_-]{43}$',
    description: 'HMAC-SHA256 of the export id, expiry and issue time, base64url.',
  })
  @IsString({ message: 'signature must be the link signature' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'signature must be the link signature' })
  signature: string;

  @ApiProperty({
    type: String,
    pattern: '^\\d{1,15}$',
    description:
      "When the link was signed, in Unix milliseconds: a link signed before the owner's last sign-out everywhere or password change is refused.",
    example: '1767225600000',
  })
  @IsString({ message: 'issued must be a number of milliseconds' })
  @Matches(/^\d{1,15}$/, { message: 'issued must be a number of milliseconds' })
  issued: string;
}

class AccountExportErrorDoc {
  @ApiProperty({ example: 'ACCOUNT_EXPORT_FAILED' })
  code: string;

  @ApiProperty({ example: 'The export could not be built. Please try again.' })
  message: string;
}

const STATUSES: AccountExportStatus[] = ['queued', 'running', 'completed', 'failed', 'expired'];

export class AccountExportViewDoc implements AccountExportView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: STATUSES })
  status: AccountExportStatus;

  @ApiProperty({ minimum: 0, maximum: 100, example: 40 })
  progress: number;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completedAt: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the ZIP and its link stop existing (completed exports).',
  })
  expiresAt: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A signed link to the ZIP (no bearer token needed), while completed and not expired.',
    example:
      '/api/account/export/6f1c0b1e-8d6a-4a43-9f0e-2b8f1f0e4c11/download?expires=1900000000&signature=…&issued=1899913600000',
  })
  downloadUrl: string | null;

  @ApiProperty({ type: Number, nullable: true, example: 52431 })
  sizeBytes: number | null;

  @ApiProperty({ type: AccountExportErrorDoc, nullable: true })
  error: AccountExportErrorDoc | null;
}

export class AccountExportResponseDoc implements AccountExportResponse {
  @ApiProperty({ type: AccountExportViewDoc })
  export: AccountExportViewDoc;

  @ApiProperty({ description: 'True when an export made or started within the last minute was reused.' })
  reused: boolean;
}
