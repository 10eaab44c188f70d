import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { BillingHistoryResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiOtherErrors, ApiSignedIn } from '../../docs';
import { BillingHistoryResponseDoc } from './dto/billing-history.responses';
import type { User } from '../../users';
import { PaymentRecordsService } from './payment-records.service';

/** The account page's billing history (docs/product.md#account-page): our own payment records. */
@ApiTags('account')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('account')
@UseGuards(JwtAuthGuard)
export class BillingHistoryController {
  constructor(private readonly records: PaymentRecordsService) {}

  @Get('billing-history')
  @ApiOkResponse({
    type: BillingHistoryResponseDoc,
    description: "The user's payments made or refused, newest first (at most 100); none: an empty list.",
  })
  history(@CurrentUser() user: User): Promise<BillingHistoryResponse> {
    return this.records.historyOf(user.id);
  }
}
