import { Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Matches } from 'class-validator';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ApiOtherErrors, ApiValidationFailed } from '../../docs';
import { PlanCatalog } from '../../plans';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { SANDBOX_CHECKOUT_ID } from './sandbox-checkout-link';
import { renderCheckoutPage, renderMissingCheckoutPage } from './sandbox-checkout.page';
import { SandboxCheckoutService } from './sandbox-checkout.service';

export const NOT_A_CHECKOUT_LINK = 'This is not a sandbox checkout link.';
const HTML = { 'text/html': { schema: { type: 'string' } } };
const BACK_TO_THE_APP = {
  status: 303,
  description: 'Decided (a payment applies once): back to /subscription, which shows the outcome.',
  headers: { Location: { schema: { type: 'string' } } },
};

export class SandboxCheckoutParams {
  @ApiProperty({ type: String, pattern: SANDBOX_CHECKOUT_ID.source, description: 'The id in checkoutUrl.' })
  @Matches(SANDBOX_CHECKOUT_ID, { message: NOT_A_CHECKOUT_LINK })
  checkoutId: string;
}

/**
 * The sandbox checkout page, server-rendered (the browser is sent here by checkoutUrl; no token:
 * the unguessable link is the key). Approve / Decline are plain form POSTs answered with 303.
 */
@ApiTags('payments')
@ApiOtherErrors()
@ApiValidationFailed()
@ApiResponse({ status: 404, description: 'No such checkout: an HTML page says so.', content: HTML })
@Controller('billing/sandbox/checkout')
export class SandboxCheckoutController {
  constructor(
    private readonly sandbox: SandboxCheckoutService,
    private readonly plans: PlanCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':checkoutId')
  @ApiResponse({ status: 200, description: 'The checkout page with Approve and Decline.', content: HTML })
  async show(@Param() params: SandboxCheckoutParams, @Res() response: Response): Promise<void> {
    const checkout = await this.sandbox.find(params.checkoutId);
    if (!checkout) return this.missing(response);
    const pro = await this.plans.limitsOf('PRO_PLAN');
    this.html(
      response,
      200,
      renderCheckoutPage(checkout, pro, this.config.appName, this.sandbox.returnUrl(checkout)),
    );
  }

  @Post(':checkoutId/approve')
  @ApiResponse(BACK_TO_THE_APP)
  approve(@Param() params: SandboxCheckoutParams, @Res() response: Response): Promise<void> {
    return this.decide(params.checkoutId, response, (checkout) => this.sandbox.approve(checkout));
  }

  @Post(':checkoutId/decline')
  @ApiResponse(BACK_TO_THE_APP)
  decline(@Param() params: SandboxCheckoutParams, @Res() response: Response): Promise<void> {
    return this.decide(params.checkoutId, response, (checkout) => this.sandbox.decline(checkout));
  }

  private async decide(
    checkoutId: string,
    response: Response,
    decision: (checkout: SubscriptionEntity) => Promise<SubscriptionEntity>,
  ): Promise<void> {
    const checkout = await this.sandbox.find(checkoutId);
    if (!checkout) return this.missing(response);
    const decided = await decision(checkout);
    response.redirect(303, this.sandbox.returnUrl(decided));
  }

  private missing(response: Response): void {
    this.html(response, 404, renderMissingCheckoutPage(this.config.appName));
  }

  private html(response: Response, status: number, html: string): void {
    response.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  }
}
