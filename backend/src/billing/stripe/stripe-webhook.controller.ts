import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorResponse, ApiOtherErrors } from '../../docs';
import { StripeWebhookReceiptDoc } from '../dto/webhooks.responses';
import { type StripeWebhookReceipt, StripeWebhookService } from './stripe-webhook.service';

/**
 * Stripe's webhook. The body reaches here unparsed (a Buffer, see common/body-parsing.ts): the
 * signature covers the exact bytes Stripe sent.
 */
@ApiTags('webhooks')
@ApiOtherErrors()
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiHeader({ name: 'stripe-signature', required: true, description: 'Signature of the exact body bytes.' })
  @ApiBody({
    description:
      "Stripe's event, verified on the raw body. Applied once per event id; unknown types answer 200.",
    schema: { type: 'object' },
  })
  @ApiOkResponse({ type: StripeWebhookReceiptDoc })
  @ApiErrorResponse(400, 'The stripe-signature header is missing or does not match the body.')
  @ApiErrorResponse(404, 'Stripe is not configured (card payments run in the sandbox).')
  receive(
    @Req() request: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeWebhookReceipt> {
    return this.webhooks.receive(request.body, signature);
  }
}
