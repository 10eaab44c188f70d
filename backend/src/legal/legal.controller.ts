import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CookiePreferencesResponse, LegalPageResponse } from '@kasa/contracts';
import {
  CookiePreferencesParams,
  CookiePreferencesQuery,
  LegalPageParams,
  SaveCookiePreferencesDto,
} from './dto/legal.dto';
import { LegalService } from './legal.service';

/** Spec §7 'Legal and cookies'. Public: no sign-in needed. */
@Controller('legal')
export class LegalController {
  constructor(private readonly legal: LegalService) {}

  @Get('pages/:type')
  getPage(@Param() params: LegalPageParams): Promise<LegalPageResponse> {
    return this.legal.getPage(params.type);
  }

  /** Saves the visitor's choice (insert or replace for that sessionId) and answers it. */
  @Post('cookie-preferences')
  @HttpCode(200)
  saveCookiePreferences(@Body() body: SaveCookiePreferencesDto): Promise<CookiePreferencesResponse> {
    return this.legal.saveCookiePreferences(body);
  }

  /** The stored flags, or JSON `null` ("nothing", spec §7) when that session saved none. */
  @Get('cookie-preferences/:sessionId')
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
