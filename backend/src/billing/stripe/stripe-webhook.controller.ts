import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { type StripeWebhookReceipt, StripeWebhookService } from './stripe-webhook.service';

/**
 * Stripe's webhook. The body reaches here unparsed (a Buffer, see common/body-parsing.ts): the
 * signature covers the exact bytes Stripe sent.
 */
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  receive(
    @Req() request: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeWebhookReceipt> {
    return this.webhooks.receive(request.body, signature);
  }
}
