import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { DeleteAccountRequest } from '@kasa/contracts';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export const PASSWORD_REQUIRED_TO_DELETE = 'Enter your password to delete your account.';
export const CODE_INVALID = 'The code is a 6-digit code from your authenticator app, or a backup code.';

/** DELETE /api/account: the password (and a 2FA code when 2FA is on) confirms the deletion. */
export class DeleteAccountDto implements DeleteAccountRequest {
  @ApiProperty({ type: String, format: 'password', minLength: 1, maxLength: 256 })
  @IsString({ message: PASSWORD_REQUIRED_TO_DELETE })
  @IsNotEmpty({ message: PASSWORD_REQUIRED_TO_DELETE })
  @MaxLength(256, { message: PASSWORD_REQUIRED_TO_DELETE })
  password!: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 32,
    description: 'Required when two-factor sign-in is on: a TOTP code or an unused backup code.',
    example: '123456',
  })
  @IsOptional()
  @IsString({ message: CODE_INVALID })
  @MaxLength(32, { message: CODE_INVALID })
  code?: string;
}
