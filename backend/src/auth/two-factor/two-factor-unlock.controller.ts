import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ApiOtherErrors, ApiValidationFailed } from '../../docs';
import { UNLOCK_TOKEN_PATTERN, unlockPath } from './two-factor-lock';
import { unlockedPage, unlockFormPage, unlockGonePage } from './two-factor-unlock.page';
import { TwoFactorService } from './two-factor.service';

export const NOT_AN_UNLOCK_LINK = 'This is not a two-factor unlock link.';
const HTML = { 'text/html': { schema: { type: 'string' } } };
const GONE = {
  status: 410,
  description: 'The link was used already, or the lock is over: an HTML page says so.',
  content: HTML,
};

export class UnlockParams {
  @ApiProperty({
    type: String,
    pattern: UNLOCK_TOKEN_PATTERN.source,
    description: 'The token the e-mail links to.',
  })
  @Matches(UNLOCK_TOKEN_PATTERN, { message: NOT_AN_UNLOCK_LINK })
  token: string;
}

/**
 * The unlock link e-mailed when wrong codes lock an account's second factor (two-factor-lock.ts).
 * No token: whoever opens the owner's e-mail is the owner. Opening the link only shows a button;
 * the button's POST unlocks, once.
 */
@ApiTags('auth')
@ApiOtherErrors()
@ApiValidationFailed()
@Controller('auth/two-factor/unlock')
export class TwoFactorUnlockController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':token')
  @ApiResponse({ status: 200, description: 'A page with the Unlock button (a form POST).', content: HTML })
  @ApiResponse(GONE)
  async show(@Param() params: UnlockParams, @Res() response: Response): Promise<void> {
    if (await this.twoFactor.isUnlockable(params.token))
      this.html(response, 200, unlockFormPage(this.config.appName, unlockPath(params.token)));
    else this.html(response, 410, unlockGonePage(this.config.appName));
  }

  @Post(':token')
  @HttpCode(200)
  @ApiResponse({
    status: 200,
    description: 'Unlocked: the page says so and links to the sign-in.',
    content: HTML,
  })
  @ApiResponse(GONE)
  async unlock(@Param() params: UnlockParams, @Res() response: Response): Promise<void> {
    if (await this.twoFactor.unlock(params.token))
      this.html(response, 200, unlockedPage(this.config.appName));
    else this.html(response, 410, unlockGonePage(this.config.appName));
  }

  private html(response: Response, status: number, html: string): void {
    response.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  }
}
