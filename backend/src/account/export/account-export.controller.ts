import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AccountExportResponse, AccountExportView } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { NoStore } from '../../common/no-store';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import { contentDisposition } from '../../files/links/content-disposition';
import type { User } from '../../users';
import { AccountExportService } from './account-export.service';
import {
  AccountExportLinkQueryDto,
  AccountExportParams,
  AccountExportRequestDto,
  AccountExportResponseDoc,
  AccountExportViewDoc,
} from './dto/account-export.dto';

/** Export Data on the account page's Overview: start an export, follow it, and its status. */
@ApiTags('account')
@ApiSignedIn()
@ApiOtherErrors()
@NoStore()
@Controller('account/export')
@UseGuards(JwtAuthGuard)
export class AccountExportController {
  constructor(private readonly exports: AccountExportService) {}

  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({
    type: AccountExportResponseDoc,
    description: 'A new export was queued (reused: false).',
  })
  @ApiOkResponse({
    type: AccountExportResponseDoc,
    description:
      'An export of this user in progress, or made within the last minute and not failed, is reused (reused: true).',
  })
  @ApiValidationFailed()
  @ApiErrorResponse(503, 'SERVICE_UNAVAILABLE: the job queue could not take the export.')
  async start(
    @CurrentUser() user: User,
    @Body() body: AccountExportRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AccountExportResponse> {
    const answer = await this.exports.request(user.id, body.cookieSessionId ?? null);
    if (answer.reused) response.status(200);
    return answer;
  }

  // Declared before ':id' so 'latest' is never read as an id.
  @Get('latest')
  @ApiOkResponse({ type: AccountExportViewDoc, description: "The user's newest export." })
  @ApiErrorResponse(404, 'ACCOUNT_EXPORT_NOT_FOUND: the user never exported.')
  latest(@CurrentUser() user: User): Promise<AccountExportView> {
    return this.exports.latest(user.id);
  }

  @Get(':id')
  @ApiOkResponse({ type: AccountExportViewDoc })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "ACCOUNT_EXPORT_NOT_FOUND: not one of the user's exports.")
  get(@CurrentUser() user: User, @Param() params: AccountExportParams): Promise<AccountExportView> {
    return this.exports.get(user.id, params.id);
  }
}

/**
 * The ZIP by signed link (the view's downloadUrl): no bearer token, so the browser downloads it
 * with a plain link. The signature names one export and expires with it.
 */
@ApiTags('account')
@ApiOtherErrors()
@ApiValidationFailed()
@NoStore()
@Controller('account/export')
export class AccountExportDownloadController {
  constructor(private readonly exports: AccountExportService) {}

  @Get(':id/download')
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description: 'The ZIP, as an attachment named `<app>-export-<username>-<yyyy-mm-dd>.zip`, nosniff.',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiErrorResponse(
    403,
    "FILES_LINK_INVALID: the signature does not match this export; FILES_LINK_REVOKED: it was signed before the owner's last sign-out everywhere or password change.",
  )
  @ApiErrorResponse(404, 'ACCOUNT_EXPORT_NOT_FOUND: no downloadable export has this id.')
  @ApiErrorResponse(410, 'ACCOUNT_EXPORT_EXPIRED: the link and the ZIP expired.')
  async download(
    @Param() params: AccountExportParams,
    @Query() query: AccountExportLinkQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    const opened = await this.exports.open({ exportId: params.id, ...query });
    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Length', String(opened.size));
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Disposition', contentDisposition('attachment', opened.filename));
    opened.body.on('error', () => response.destroy());
    opened.body.pipe(response);
  }
}
