import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { FILE_VARIANTS, type FileVariant } from '../files.service';

/** Path parameter of GET /api/files/:id. */
export class FileParams {
  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: 'id must be a file id (a UUID)' })
  id: string;
}

/** The signed link's query: what FilesService.signedUrl wrote. */
export class FileLinkQueryDto {
  @ApiProperty({
    type: String,
    pattern: '^\\d{1,12}$',
    description: 'Expiry, in Unix seconds.',
    example: '1767225600',
  })
  @IsString({ message: 'expires must be a number of seconds' })
  @Matches(/^\d{1,12}$/, { message: 'expires must be a number of seconds' })
  expires: string;

  @ApiProperty({
    type: String,
    pattern: '^\\d{1,15}$',
    description:
      "When the link was signed, in Unix milliseconds: a link signed before its owner's last sign-out everywhere or password change is refused.",
    example: '1767225600000',
  })
  @IsString({ message: 'issued must be a number of milliseconds' })
  @Matches(/^\d{1,15}$/, { message: 'issued must be a number of milliseconds' })
  issued: string;

  @ApiProperty({
    type: String,
    pattern: '^[A-Za-z0-9_-]{43}$',
    description: 'HMAC-SHA256 of the link, base64url.',
  })
  @IsString({ message: 'sig must be the link signature' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'sig must be the link signature' })
  sig: string;

  @ApiPropertyOptional({
    type: String,
    enum: ['1'],
    description: "'1': served as an attachment (a download).",
  })
  @IsOptional()
  @IsIn(['1'], { message: "download must be '1' when given" })
  download?: string;

  @ApiPropertyOptional({
    type: String,
    enum: FILE_VARIANTS,
    description:
      "'thumb': an image as a WebP thumbnail (longest side 320 px), made once and kept; the same signature as the original. 'original': the file itself even under `Save-Data: on`. Absent: the original, or an image's thumbnail under `Save-Data: on`.",
  })
  @IsOptional()
  @IsIn(FILE_VARIANTS, { message: `variant must be one of ${FILE_VARIANTS.join(', ')}` })
  variant?: FileVariant;
}
