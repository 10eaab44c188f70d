import { Body, Controller, Delete, HttpCode, Ip, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DeleteAccountResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { NoStore } from '../../common/no-store';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import { DeleteAccountResponseDoc } from './dto/account-deletion.responses';
import type { User } from '../../users';
import { AccountDeletionService } from './account-deletion.service';
import { DeleteAccountDto } from './delete-account.dto';

/** Deleting the account and everything in it (docs/architecture.md#account). */
@ApiTags('account')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('account')
@UseGuards(JwtAuthGuard)
@NoStore()
export class AccountDeletionController {
  constructor(private readonly deletion: AccountDeletionService) {}

  @Delete()
  @HttpCode(200)
  @ApiOkResponse({
    type: DeleteAccountResponseDoc,
    description:
      'Everything is deleted (a card subscription cancelled at once); payment records are kept, anonymised. Every token stops working.',
  })
  @ApiValidationFailed(
    'the password is wrong (AUTH_WRONG_CURRENT_PASSWORD), or 2FA is on and the code is missing (AUTH_TWO_FACTOR_CODE_REQUIRED) or wrong (AUTH_TWO_FACTOR_CODE_WRONG).',
  )
  @ApiErrorResponse(429, 'Too many attempts from this IP address, or for this username from it.')
  @ApiErrorResponse(
    502,
    'ACCOUNT_DELETE_BILLING_FAILED: the card subscription could not be cancelled; nothing was deleted.',
  )
  delete(
    @CurrentUser() user: User,
    @Body() dto: DeleteAccountDto,
    @Ip() ip: string,
  ): Promise<DeleteAccountResponse> {
    return this.deletion.delete(user, dto, ip);
  }
}
