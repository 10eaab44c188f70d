import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiProperty, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Matches } from 'class-validator';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ApiOtherErrors, ApiValidationFailed } from '../../docs';
import { PlanCatalog } from '../../plans';
import type { SubscriptionEntity } from '../entities/subscription.entity';
import { SANDBOX_CHECKOUT_ID } from './sandbox-checkout-link';
import { renderCheckoutPage, renderMissingCheckoutPage } from './sandbox-checkout.page';
import { SandboxCheckoutService } from './sandbox-checkout.service';
import {
  isSandboxPageLanguage,
  SANDBOX_PAGE_LANGUAGES,
  type SandboxPageLanguage,
} from './sandbox-checkout.texts';

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
 * The page's language: `?lang=fr|en` (the app adds its own language to the link, whatever the
 * browser's), else the browser's Accept-Language, else English.
 */
export function sandboxPageLanguage(lang: unknown, request: Request): SandboxPageLanguage {
  if (isSandboxPageLanguage(lang)) return lang;
  const accepted = request.acceptsLanguages(...SANDBOX_PAGE_LANGUAGES);
  return isSandboxPageLanguage(accepted) ? accepted : 'en';
}

/**
 * The sandbox checkout page, server-rendered (the browser is sent here by checkoutUrl; no token:
 * the unguessable link is the key), in English or French. Approve / Decline are plain form POSTs
 * answered with 303.
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
  @ApiQuery({
    name: 'lang',
    required: false,
    enum: SANDBOX_PAGE_LANGUAGES,
    description: 'The page language.',
  })
  @ApiHeader({ name: 'Accept-Language', required: false, description: 'Without `lang`: en or fr.' })
  async show(
    @Param() params: SandboxCheckoutParams,
    @Query('lang') lang: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const language = sandboxPageLanguage(lang, request);
    const checkout = await this.sandbox.find(params.checkoutId);
    if (!checkout) return this.missing(response, language);
    const pro = await this.plans.limitsOf('PRO_PLAN');
    this.html(
      response,
      200,
      renderCheckoutPage(checkout, pro, this.config.appName, this.sandbox.returnUrl(checkout), language),
    );
  }

  @Post(':checkoutId/approve')
  @ApiResponse(BACK_TO_THE_APP)
  approve(
    @Param() params: SandboxCheckoutParams,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.decide(params.checkoutId, request, response, (checkout) => this.sandbox.approve(checkout));
  }

  @Post(':checkoutId/decline')
  @ApiResponse(BACK_TO_THE_APP)
  decline(
    @Param() params: SandboxCheckoutParams,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.decide(params.checkoutId, request, response, (checkout) => this.sandbox.decline(checkout));
  }

  private async decide(
    checkoutId: string,
    request: Request,
    response: Response,
    decision: (checkout: SubscriptionEntity) => Promise<SubscriptionEntity>,
  ): Promise<void> {
    const checkout = await this.sandbox.find(checkoutId);
    if (!checkout) return this.missing(response, sandboxPageLanguage(undefined, request));
    const decided = await decision(checkout);
    response.redirect(303, this.sandbox.returnUrl(decided));
  }

  private missing(response: Response, language: SandboxPageLanguage): void {
    this.html(response, 404, renderMissingCheckoutPage(this.config.appName, language));
  }

  private html(response: Response, status: number, html: string): void {
    // The words depend on Accept-Language (without `lang`).
    response
      .status(status)
      .set({ 'Cache-Control': 'no-store', Vary: 'Accept-Language' })
      .type('html')
      .send(html);
  }
}
