import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type {
  CloudStorageAuthUrl,
  CloudStorageDownloadResponse,
  CloudStorageFilesResponse,
} from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { HeavyRequest } from '../../concurrency-limits';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import { CALLBACK_PAGE_CSP, callbackPage } from './callback-page';
import { bindingCookieName, bindingCookieOptions, readBindingCookies } from './oauth-binding';
import {
  CloudStorageAuthUrlDoc,
  CloudStorageDownloadResponseDoc,
  CloudStorageFilesResponseDoc,
  DriveDownloadDto,
  DriveFilesDto,
} from './dto/google-drive.dto';
import { GoogleDriveService } from './google-drive.service';

const HTML = { 'text/html': { schema: { type: 'string' } } };
const NOT_CONFIGURED_DOC =
  'Google Drive import is not available on this server (DRIVE_NOT_CONFIGURED): GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set; only administrators get `configure`.';

const firstString = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

/** The cloud-storage dialog: connect Google Drive, list its files, import one as an upload. */
@ApiTags('enhancements')
@ApiOtherErrors()
@Controller('enhancements/google-drive')
export class GoogleDriveController {
  constructor(private readonly drive: GoogleDriveService) {}

  @Get('auth-url')
  @UseGuards(JwtAuthGuard)
  @Header('Cache-Control', 'no-store')
  @ApiSignedIn()
  @ApiOkResponse({
    type: CloudStorageAuthUrlDoc,
    description:
      'Also sets an HttpOnly, SameSite=Lax cookie (kasa_drive_<nonce>, path …/callback, 10 minutes) binding the consent to this browser: the callback requires it.',
  })
  @ApiErrorResponse(503, NOT_CONFIGURED_DOC)
  async authUrl(
    @CurrentUser() user: User,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CloudStorageAuthUrl> {
    const { authUrl, nonce, binding } = await this.drive.authUrl(user.id);
    response.cookie(bindingCookieName(nonce), binding, bindingCookieOptions(this.publicOrigin()));
    return { authUrl };
  }

  /**
   * Google's redirect after consent, in the popup: no bearer token (a navigation), the signed
   * `state` names the user and the binding cookie proves this is the browser that asked for it.
   * Answers a small HTML page (200 connected, 400 denied or invalid) and clears the cookie.
   */
  @Get('callback')
  @ApiResponse({
    status: 200,
    description: 'Connected: a page saying so in English and French, which closes the popup.',
    content: HTML,
  })
  @ApiResponse({
    status: 400,
    description:
      "Consent denied (?error=access_denied), a state forged, expired or used, the browser without the state's binding cookie (a link completed elsewhere), or the code refused: a page says so.",
    content: HTML,
  })
  @ApiErrorResponse(503, NOT_CONFIGURED_DOC)
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { outcome, usedNonce } = await this.drive.callback(
      {
        code: firstString(request.query.code),
        state: firstString(request.query.state),
        error: firstString(request.query.error),
      },
      readBindingCookies(request.headers.cookie),
    );
    if (usedNonce) {
      const { maxAge: _maxAge, ...where } = bindingCookieOptions(this.publicOrigin());
      response.clearCookie(bindingCookieName(usedNonce), where);
    }
    response
      .status(outcome === 'connected' ? 200 : 400)
      .set('Content-Security-Policy', CALLBACK_PAGE_CSP)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(callbackPage(outcome));
  }

  @Post('files')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @ApiSignedIn()
  @ApiOkResponse({ type: CloudStorageFilesResponseDoc })
  @ApiValidationFailed()
  @ApiErrorResponse(
    409,
    'Google Drive is not connected (DRIVE_NOT_CONNECTED) or its access was revoked (DRIVE_ACCESS_REVOKED): connect again.',
  )
  @ApiErrorResponse(502, 'Google Drive could not be reached (DRIVE_UNREACHABLE) or failed (DRIVE_FAILED).')
  @ApiErrorResponse(503, NOT_CONFIGURED_DOC)
  files(@CurrentUser() user: User, @Body() _body: DriveFilesDto): Promise<CloudStorageFilesResponse> {
    return this.drive.listFiles(user.id);
  }

  @Post('download')
  @HeavyRequest('drive-import')
  @HttpCode(200)
  @UseGuards(JwtAuthGuard)
  @ApiSignedIn()
  @ApiOkResponse({ type: CloudStorageDownloadResponseDoc })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "Not in the user's Drive (DRIVE_FILE_NOT_FOUND), or conversationId is not theirs.")
  @ApiErrorResponse(
    409,
    'Google Drive is not connected (DRIVE_NOT_CONNECTED) or its access was revoked (DRIVE_ACCESS_REVOKED).',
  )
  @ApiErrorResponse(413, 'The file passes 50 MB (UPLOAD_TOO_LARGE).')
  @ApiErrorResponse(
    415,
    'A Google Form, folder or other item that cannot be imported (DRIVE_FILE_UNSUPPORTED).',
  )
  @ApiErrorResponse(502, 'Google Drive could not be reached (DRIVE_UNREACHABLE) or failed (DRIVE_FAILED).')
  @ApiErrorResponse(503, NOT_CONFIGURED_DOC)
  download(@CurrentUser() user: User, @Body() body: DriveDownloadDto): Promise<CloudStorageDownloadResponse> {
    return this.drive.download(user, body.fileId, body.conversationId);
  }

  /** The callback's origin (PUBLIC_URL, or the development default: config/load-config.ts). */
  private publicOrigin(): string {
    return this.drive.requireConfigured().config.publicOrigin;
  }
}
