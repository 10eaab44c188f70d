import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type {
  AccountSecurity,
  TwoFactorBackupCodesResponse,
  TwoFactorDisabledResponse,
  TwoFactorSetupResponse,
} from '@kasa/contracts';
import { NoStore } from '../../common/no-store';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import {
  AccountSecurityDoc,
  TwoFactorBackupCodesResponseDoc,
  TwoFactorDisabledResponseDoc,
  TwoFactorSetupResponseDoc,
} from './dto/two-factor.responses';
import type { User } from '../../users';
import { CurrentUser, JwtAuthGuard } from '../jwt-auth.guard';
import { TwoFactorCodeDto } from './two-factor.dto';
import { TwoFactorService } from './two-factor.service';
import { AccountSecurityService } from './account-security.service';

const RATE_LIMITED =
  'Too many codes tried from this IP address, or for this account from it (the sign-in limits).';

/** The Security tab: password date and two-factor sign-in. Secrets and codes: no-store. */
@ApiTags('auth')
@ApiOtherErrors()
@Controller('auth')
@UseGuards(JwtAuthGuard)
@ApiSignedIn()
@NoStore()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly security: AccountSecurityService,
  ) {}

  @Get('security')
  @ApiOkResponse({ type: AccountSecurityDoc })
  getSecurity(@CurrentUser() user: User): Promise<AccountSecurity> {
    return this.security.of(user.id);
  }

  @Post('two-factor/setup')
  @HttpCode(200)
  @ApiOkResponse({
    type: TwoFactorSetupResponseDoc,
    description: 'A new secret, pending until confirmed (replaces an earlier pending one).',
  })
  @ApiErrorResponse(409, 'AUTH_TWO_FACTOR_ALREADY_ENABLED: two-factor sign-in is already on.')
  setup(@CurrentUser() user: User): Promise<TwoFactorSetupResponse> {
    return this.twoFactor.setup(user);
  }

  @Post('two-factor/confirm')
  @HttpCode(200)
  @ApiOkResponse({
    type: TwoFactorBackupCodesResponseDoc,
    description: 'Two-factor sign-in is on; the backup codes are shown this once.',
  })
  @ApiValidationFailed(
    'no setup is waiting (AUTH_TWO_FACTOR_SETUP_MISSING) or the code is wrong (AUTH_TWO_FACTOR_CODE_WRONG).',
  )
  @ApiErrorResponse(409, 'AUTH_TWO_FACTOR_ALREADY_ENABLED: two-factor sign-in is already on.')
  @ApiErrorResponse(429, RATE_LIMITED)
  confirm(
    @CurrentUser() user: User,
    @Body() dto: TwoFactorCodeDto,
    @Ip() ip: string,
  ): Promise<TwoFactorBackupCodesResponse> {
    return this.twoFactor.confirm(user, dto.code, ip);
  }

  @Post('two-factor/disable')
  @HttpCode(200)
  @ApiOkResponse({
    type: TwoFactorDisabledResponseDoc,
    description: 'The secret and every backup code are gone.',
  })
  @ApiValidationFailed(
    'two-factor sign-in is off (AUTH_TWO_FACTOR_NOT_ENABLED) or the code is wrong or used (AUTH_TWO_FACTOR_CODE_WRONG).',
  )
  @ApiErrorResponse(429, RATE_LIMITED)
  disable(
    @CurrentUser() user: User,
    @Body() dto: TwoFactorCodeDto,
    @Ip() ip: string,
  ): Promise<TwoFactorDisabledResponse> {
    return this.twoFactor.disable(user, dto.code, ip);
  }

  @Post('two-factor/backup-codes')
  @HttpCode(200)
  @ApiOkResponse({
    type: TwoFactorBackupCodesResponseDoc,
    description: 'A new set of backup codes; the old ones no longer work. Needs a TOTP code.',
  })
  @ApiValidationFailed(
    'two-factor sign-in is off (AUTH_TWO_FACTOR_NOT_ENABLED) or the TOTP code is wrong, used, or a backup code (AUTH_TWO_FACTOR_CODE_WRONG).',
  )
  @ApiErrorResponse(429, RATE_LIMITED)
  renewBackupCodes(
    @CurrentUser() user: User,
    @Body() dto: TwoFactorCodeDto,
    @Ip() ip: string,
  ): Promise<TwoFactorBackupCodesResponse> {
    return this.twoFactor.renewBackupCodes(user, dto.code, ip);
  }
}
