import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CookiePreferencesResponse, LegalPageResponse } from '@kasa/contracts';
import { ApiErrorResponse, ApiOkOrNullResponse, ApiOtherErrors, ApiValidationFailed } from '../docs';
import { CookiePreferencesResponseDoc, LegalPageResponseDoc } from './dto/legal.responses';
import {
  CookiePreferencesParams,
  CookiePreferencesQuery,
  LegalPageParams,
  LegalPageQuery,
  SaveCookiePreferencesDto,
} from './dto/legal.dto';
import { LegalService } from './legal.service';

/** Legal pages and cookie preferences (docs/product.md#legal-pages). Public: no sign-in needed. */
@ApiTags('legal')
@ApiOtherErrors()
@ApiValidationFailed()
@Controller('legal')
export class LegalController {
  constructor(private readonly legal: LegalService) {}

  @Get('pages/:type')
  @ApiOkResponse({ type: LegalPageResponseDoc })
  @ApiErrorResponse(404, 'No legal page of this type.')
  getPage(@Param() params: LegalPageParams, @Query() query: LegalPageQuery): Promise<LegalPageResponse> {
    return this.legal.getPage(params.type, query.lang ?? 'en');
  }

  /** Saves the visitor's choice (insert or replace for that sessionId) and answers it. */
  @Post('cookie-preferences')
  @HttpCode(200)
  @ApiOkResponse({ type: CookiePreferencesResponseDoc })
  saveCookiePreferences(@Body() body: SaveCookiePreferencesDto): Promise<CookiePreferencesResponse> {
    return this.legal.saveCookiePreferences(body);
  }

  /** The stored flags, or JSON `null` (docs/product.md#cookie-consent) when that session saved none. */
  @Get('cookie-preferences/:sessionId')
  @ApiOkOrNullResponse(
    CookiePreferencesResponseDoc,
    'The stored choice, or JSON null when this session saved none.',
  )
  async getCookiePreferences(
    @Param() params: CookiePreferencesParams,
    @Query() _query: CookiePreferencesQuery,
    @Res() response: Response,
  ): Promise<void> {
    const preferences = await this.legal.getCookiePreferences(params.sessionId);
    response.status(200).setHeader('Cache-Control', 'no-store');
    response.json(preferences);
  }
}
