import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { MobileMoneyPaymentResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import type { User } from '../../users';
import { PaymentRefused } from '../core/payment-refused';
import { FlutterwaveWebhookGuard } from '../flutterwave/flutterwave-webhook.guard';
import {
  type FlutterwaveWebhookReceipt,
  FlutterwaveWebhookService,
} from '../flutterwave/flutterwave-webhook.service';
import { MobileMoneyPaymentDto } from './mobile-money.dto';
import { MobileMoneyService } from './mobile-money.service';

/** Spec §7: POST /api/{mobile-money-provider}/create-mobile-money-payment, and the provider's webhook. */
@Controller('flutterwave')
export class MobileMoneyController {
  constructor(
    private readonly mobileMoney: MobileMoneyService,
    private readonly webhooks: FlutterwaveWebhookService,
  ) {}

  /** A refused request answers `{success: false, message}` (spec §8 'Payment Failed') with its status. */
  @Post('create-mobile-money-payment')
  @UseGuards(JwtAuthGuard)
  @HttpCode(200)
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
      return { success: false, message: error.message };
    }
  }

  @Post('webhook')
  @UseGuards(FlutterwaveWebhookGuard)
  @HttpCode(200)
  webhook(@Req() request: Request): Promise<FlutterwaveWebhookReceipt> {
    return this.webhooks.receive(request.body);
  }
}
