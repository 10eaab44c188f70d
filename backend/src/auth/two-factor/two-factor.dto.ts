import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { BACKUP_CODE_PATTERN, TOTP_CODE_PATTERN } from '@kasa/contracts';

export const TWO_FACTOR_CODE_RULE =
  'The code is the 6 digits from your authenticator app, or a backup code like abcde-fghjk.';
export const CHALLENGE_REQUIRED =
  'The sign-in step is missing. Please enter your username and password again.';

/** A 6-digit TOTP code or a backup code: trimmed; a backup code is lower-cased. */
const ANY_CODE = new RegExp(
  `^(?:${TOTP_CODE_PATTERN.source.slice(1, -1)}|${BACKUP_CODE_PATTERN.source.slice(1, -1)})$`,
  'i',
);

const normalizeCode = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return BACKUP_CODE_PATTERN.test(trimmed) ? trimmed.toLowerCase() : trimmed;
};

function TwoFactorCode(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({
      type: String,
      pattern: ANY_CODE.source,
      description:
        'A 6-digit code from the authenticator app, or a backup code (xxxxx-xxxxx, dash optional).',
      example: '492039',
    })(target, key);
    Transform(normalizeCode)(target, key);
    IsString({ message: TWO_FACTOR_CODE_RULE })(target, key);
    Matches(ANY_CODE, { message: TWO_FACTOR_CODE_RULE })(target, key);
  };
}

export class TwoFactorCodeDto {
  @TwoFactorCode()
  code!: string;
}

export class TwoFactorLoginDto {
  @ApiProperty({ type: String, maxLength: 2048, description: 'The challenge POST /api/auth/login answered.' })
  @IsString({ message: CHALLENGE_REQUIRED })
  @IsNotEmpty({ message: CHALLENGE_REQUIRED })
  @MaxLength(2048, { message: CHALLENGE_REQUIRED })
  challenge!: string;

  @TwoFactorCode()
  code!: string;
}
