import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsEmailAddress } from '../common/email-address';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** '' and null mean "no e-mail". */
const optionalEmail = ({ value }: { value: unknown }) => {
  if (value === null) return null;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

export const USERNAME_RULE = 'Username must be 3 to 32 characters: letters, digits, _ . or -.';
export const USERNAME_REQUIRED = 'Please enter your username to continue.';
export const PASSWORD_REQUIRED = 'Password is required.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long.';
export const PASSWORD_TOO_LONG = 'Password must be at most 256 characters long.';
export const EMAIL_INVALID = 'Please enter a valid email address.';
export const CODE_RULE = 'The reset code is the 6 digits from the e-mail we sent you.';
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
const RESET_CODE_PATTERN = /^\d{6}$/;

function NewPassword(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ type: String, format: 'password', minLength: 6, maxLength: 256 })(target, key);
    IsString({ message: PASSWORD_REQUIRED })(target, key);
    MinLength(6, { message: PASSWORD_TOO_SHORT })(target, key);
    MaxLength(256, { message: PASSWORD_TOO_LONG })(target, key);
  };
}

function Username(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({
      type: String,
      pattern: USERNAME_PATTERN.source,
      minLength: 3,
      maxLength: 32,
      description: 'Letters, digits, _ . or - (surrounding spaces are trimmed).',
      example: 'amina_k',
    })(target, key);
    Transform(trim)(target, key);
    IsString({ message: USERNAME_RULE })(target, key);
    Matches(USERNAME_PATTERN, { message: USERNAME_RULE })(target, key);
  };
}

function OptionalEmail(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      type: String,
      format: 'email',
      maxLength: 254,
      nullable: true,
      description: "'' or null: no e-mail (then a forgotten password cannot be reset).",
      example: 'amina@example.com',
    })(target, key);
    Transform(optionalEmail)(target, key);
    ValidateIf((_o: unknown, value: unknown) => value !== null && value !== undefined)(target, key);
    IsEmailAddress({ message: EMAIL_INVALID })(target, key);
    MaxLength(254, { message: EMAIL_INVALID })(target, key);
  };
}

/** Login and lookups take any stored username (no format rule, so old names keep working). */
function ExistingUsername(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ type: String, minLength: 1, maxLength: 64, example: 'amina_k' })(target, key);
    Transform(trim)(target, key);
    IsString({ message: USERNAME_REQUIRED })(target, key);
    IsNotEmpty({ message: USERNAME_REQUIRED })(target, key);
    MaxLength(64, { message: USERNAME_RULE })(target, key);
  };
}

export class RegisterDto {
  @Username()
  username!: string;

  @IsOptional()
  @OptionalEmail()
  email?: string | null;

  @NewPassword()
  password!: string;
}

export class LoginDto {
  @ExistingUsername()
  username!: string;

  @ApiProperty({ type: String, format: 'password', minLength: 1, maxLength: 256 })
  @IsString({ message: PASSWORD_REQUIRED })
  @IsNotEmpty({ message: PASSWORD_REQUIRED })
  @MaxLength(256, { message: PASSWORD_TOO_LONG })
  password!: string;
}

export const CURRENT_PASSWORD_INVALID = 'Please enter your current password.';
export const CONFIRMATION_CODE_INVALID =
  'The code is a 6-digit code from your authenticator app, or a backup code.';

export class UpdateProfileDto {
  @Username()
  username!: string;

  @IsOptional()
  @OptionalEmail()
  email?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'password',
    maxLength: 256,
    description: 'Required when `email` changes (set, replaced or removed): the current password.',
  })
  @IsOptional()
  @IsString({ message: CURRENT_PASSWORD_INVALID })
  @MaxLength(256, { message: CURRENT_PASSWORD_INVALID })
  currentPassword?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 32,
    description:
      'Required when `email` changes and two-factor sign-in is on: a TOTP code or an unused backup code.',
    example: '123456',
  })
  @IsOptional()
  @IsString({ message: CONFIRMATION_CODE_INVALID })
  @MaxLength(32, { message: CONFIRMATION_CODE_INVALID })
  code?: string;
}

export class ChangePasswordDto {
  @ApiProperty({ type: String, format: 'password', minLength: 1, maxLength: 256 })
  @IsString({ message: 'Please enter your current password.' })
  @IsNotEmpty({ message: 'Please enter your current password.' })
  @MaxLength(256, { message: PASSWORD_TOO_LONG })
  currentPassword!: string;

  @NewPassword()
  newPassword!: string;
}

export class ForgotPasswordDto {
  @ExistingUsername()
  username!: string;
}

export class ResetPasswordDto {
  @ExistingUsername()
  username!: string;

  @ApiProperty({
    type: String,
    pattern: RESET_CODE_PATTERN.source,
    description: 'The 6 digits from the e-mail (valid 15 minutes, 5 tries).',
    example: '042917',
  })
  @Transform(trim)
  @IsString({ message: CODE_RULE })
  @Matches(RESET_CODE_PATTERN, { message: CODE_RULE })
  code!: string;

  @NewPassword()
  newPassword!: string;
}
