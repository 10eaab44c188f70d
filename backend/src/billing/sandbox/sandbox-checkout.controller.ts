import { Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Matches } from 'class-validator';
import { APP_CONFIG, type AppConfig } from '../../config';
import { PlanCatalog } from '../../plans';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { SANDBOX_CHECKOUT_ID } from './sandbox-checkout-link';
import { renderCheckoutPage, renderMissingCheckoutPage } from './sandbox-checkout.page';
import { SandboxCheckoutService } from './sandbox-checkout.service';

export const NOT_A_CHECKOUT_LINK = 'This is not a sandbox checkout link.';

export class SandboxCheckoutParams {
  @Matches(SANDBOX_CHECKOUT_ID, { message: NOT_A_CHECKOUT_LINK })
  checkoutId: string;
}

/**
 * The sandbox checkout page, server-rendered (the browser is sent here by checkoutUrl; no token:
 * the unguessable link is the key). Approve / Decline are plain form POSTs answered with 303.
 */
@Controller('billing/sandbox/checkout')
export class SandboxCheckoutController {
  constructor(
    private readonly sandbox: SandboxCheckoutService,
    private readonly plans: PlanCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':checkoutId')
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
  approve(@Param() params: SandboxCheckoutParams, @Res() response: Response): Promise<void> {
    return this.decide(params.checkoutId, response, (checkout) => this.sandbox.approve(checkout));
  }

  @Post(':checkoutId/decline')
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
