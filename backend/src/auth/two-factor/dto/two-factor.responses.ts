import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  type AccountSecurity,
  BACKUP_CODE_COUNT,
  type TwoFactorBackupCodesResponse,
  type TwoFactorChallengeResponse,
  type TwoFactorDisabledResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@kasa/contracts';

@ApiSchema({ name: 'TwoFactorStatus' })
export class TwoFactorStatusDoc implements Required<TwoFactorStatus> {
  @ApiProperty({ type: Boolean })
  enabled: boolean;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When 2FA was confirmed; null when off.',
  })
  enabledAt: string | null;

  @ApiProperty({
    type: Number,
    minimum: 0,
    maximum: BACKUP_CODE_COUNT,
    description: 'Backup codes not used yet.',
  })
  backupCodesLeft: number;
}

@ApiSchema({ name: 'AccountSecurity', description: 'What the Security tab of the account page shows.' })
export class AccountSecurityDoc implements Required<AccountSecurity> {
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When the password was last set (sign-up, change or reset).',
  })
  passwordChangedAt: string;

  @ApiProperty({ type: () => TwoFactorStatusDoc })
  twoFactor: TwoFactorStatusDoc;
}

@ApiSchema({
  name: 'TwoFactorSetupResponse',
  description: 'A new TOTP secret (SHA-1, 6 digits, 30 s), pending until confirmed with a code.',
})
export class TwoFactorSetupResponseDoc implements Required<TwoFactorSetupResponse> {
  @ApiProperty({
    type: String,
    description: 'Base32, to type into an authenticator app.',
    example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  })
  secret: string;

  @ApiProperty({
    type: String,
    example: 'otpauth://totp/Kasa:amina_k?issuer=Kasa&secret=…&algorithm=SHA1&digits=6&period=30',
  })
  otpauthUrl: string;

  @ApiProperty({ type: String, description: 'The QR code of otpauthUrl, an SVG document.' })
  qrCodeSvg: string;

  @ApiProperty({ type: String, example: 'Kasa' })
  issuer: string;

  @ApiProperty({ type: String, example: 'amina_k' })
  accountName: string;
}

@ApiSchema({ name: 'TwoFactorBackupCodesResponse', description: 'The backup codes are shown this once.' })
export class TwoFactorBackupCodesResponseDoc implements Required<TwoFactorBackupCodesResponse> {
  @ApiProperty({ enum: [true], type: Boolean })
  ok: true;

  @ApiProperty({ type: String })
  message: string;

  @ApiProperty({
    type: [String],
    minItems: BACKUP_CODE_COUNT,
    maxItems: BACKUP_CODE_COUNT,
    description: 'Each works once instead of a TOTP code.',
    example: ['k7m2p-xq9rt'],
  })
  backupCodes: string[];

  @ApiProperty({ type: () => TwoFactorStatusDoc })
  twoFactor: TwoFactorStatusDoc;
}

@ApiSchema({ name: 'TwoFactorDisabledResponse' })
export class TwoFactorDisabledResponseDoc implements Required<TwoFactorDisabledResponse> {
  @ApiProperty({ enum: [true], type: Boolean })
  ok: true;

  @ApiProperty({ type: String, example: 'Two-factor sign-in is off.' })
  message: string;

  @ApiProperty({ type: () => TwoFactorStatusDoc })
  twoFactor: TwoFactorStatusDoc;
}

@ApiSchema({
  name: 'TwoFactorChallengeResponse',
  description:
    'The password was right and the account has 2FA: no token yet, send a code with the challenge.',
})
export class TwoFactorChallengeResponseDoc implements Required<TwoFactorChallengeResponse> {
  @ApiProperty({ enum: [true], type: Boolean })
  twoFactorRequired: true;

  @ApiProperty({ type: String, description: 'For POST /api/auth/login/two-factor; valid 5 minutes.' })
  challenge: string;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt: string;

  @ApiProperty({
    type: String,
    example: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
  })
  message: string;
}
