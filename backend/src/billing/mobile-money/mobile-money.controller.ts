import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { MobileMoneyPaymentResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import {
  ApiEitherResponse,
  ApiErrorBodyDoc,
  ApiErrorResponse,
  ApiOtherErrors,
  ApiSignedIn,
} from '../../docs';
import { FlutterwaveWebhookReceiptDoc } from '../dto/webhooks.responses';
import { ApiPaymentRefused, MobileMoneyPaymentResponseDoc } from '../dto/subscription.responses';
import type { User } from '../../users';
import { PaymentRefused } from '../core/payment-refused';
import { FlutterwaveWebhookGuard } from '../flutterwave/flutterwave-webhook.guard';
import {
  type FlutterwaveWebhookReceipt,
  FlutterwaveWebhookService,
} from '../flutterwave/flutterwave-webhook.service';
import { MobileMoneyPaymentDto } from './mobile-money.dto';
import { MobileMoneyService } from './mobile-money.service';

/** POST /api/flutterwave/create-mobile-money-payment, and Flutterwave's webhook. */
@ApiOtherErrors()
@Controller('flutterwave')
export class MobileMoneyController {
  constructor(
    private readonly mobileMoney: MobileMoneyService,
    private readonly webhooks: FlutterwaveWebhookService,
  ) {}

  /**
   * A refused request answers `{success: false, message}` (docs/product.md#checkout) with its
   * status, plus the `code` every error body carries.
   */
  @Post('create-mobile-money-payment')
  @UseGuards(JwtAuthGuard)
  @HttpCode(200)
  @ApiTags('payments')
  @ApiSignedIn()
  @ApiOkResponse({
    type: MobileMoneyPaymentResponseDoc,
    description: 'The payment prompt is on its way to the phone (Pro once the payment is verified).',
  })
  @ApiEitherResponse(
    400,
    'VALIDATION_FAILED (ApiErrorBody), or a refusal (`success: false`): a network with no route (BILLING_NETWORK_UNSUPPORTED), no mobile number of the payment country (BILLING_PHONE_INVALID), or the provider refused.',
    ApiErrorBodyDoc,
    MobileMoneyPaymentResponseDoc,
  )
  @ApiPaymentRefused(502, 'The provider could not be reached or failed (`success: false`).')
  async create(
    @CurrentUser() user: User,
    @Body() body: MobileMoneyPaymentDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MobileMoneyPaymentResponse> {
    try {
      return await this.mobileMoney.requestPayment(user, body);
    } catch (error) {
      if (!(error instanceof PaymentRefused)) throw error;
      response.status(error.status);
      return { success: false, message: error.message, code: error.code };
    }
  }

  @Post('webhook')
  @UseGuards(FlutterwaveWebhookGuard)
  @HttpCode(200)
  @ApiTags('webhooks')
  @ApiHeader({
    name: 'verif-hash',
    required: true,
    description: "The secret hash set in Flutterwave's dashboard.",
  })
  @ApiBody({
    description: "Flutterwave's event; a charge.completed is read back from Flutterwave before it counts.",
    schema: { type: 'object' },
  })
  @ApiOkResponse({ type: FlutterwaveWebhookReceiptDoc })
  @ApiErrorResponse(400, 'A charge.completed event without a transaction id.')
  @ApiErrorResponse(401, 'verif-hash is missing or wrong.')
  @ApiErrorResponse(404, 'Flutterwave is not configured (mobile money runs in the sandbox).')
  @ApiErrorResponse(502, 'The transaction could not be read back from Flutterwave.')
  webhook(@Req() request: Request): Promise<FlutterwaveWebhookReceipt> {
    return this.webhooks.receive(request.body);
  }
}
