import { Body, Controller, Get, Headers, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ResearchListResponse, ResearchProgress, ResearchResponse } from '@kasa/contracts';
import { detectReplyLanguage } from '../../ai/language/detect-language';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { HeavyRequest } from '../../concurrency-limits';
import {
  ApiErrorResponse,
  ApiOtherErrors,
  ApiSignedIn,
  ApiUsageLimit,
  ApiValidationFailed,
} from '../../docs';
import type { User } from '../../users';
import { requestLanguage } from '../search/request-language';
import {
  ResearchDto,
  ResearchListResponseDoc,
  ResearchProgressDoc,
  ResearchProgressParams,
  ResearchResponseDoc,
} from './dto/research.dto';
import { ResearchService } from './research.service';

/** The composer's research: Wikipedia and the web summarised with sources, or the local index offline. */
@ApiTags('enhancements')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements/research')
@UseGuards(JwtAuthGuard)
export class ResearchController {
  constructor(private readonly research: ResearchService) {}

  @Post()
  @HeavyRequest('research')
  @HttpCode(200)
  @ApiHeader({
    name: 'Accept-Language',
    required: false,
    description: "The summary's and Wikipedia's language (fr or en; neither: the query's language).",
  })
  @ApiOkResponse({ type: ResearchResponseDoc, description: 'The research, saved for the user.' })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "conversationId is not one of the user's conversations (nothing was charged).")
  @ApiUsageLimit('webSearchesPerMonth')
  @ApiErrorResponse(
    502,
    'The research failed (RESEARCH_FAILED), the chat model failed (AI_*) or the job failed (JOB_FAILED); the search is given back.',
  )
  @ApiErrorResponse(
    503,
    'The chat model is busy (AI_BUSY), or no worker runs research jobs (JOB_NO_WORKER); the search is given back.',
  )
  @ApiErrorResponse(504, 'The chat model did not answer in time (AI_TIMEOUT); the search is given back.')
  run(
    @CurrentUser() user: User,
    @Body() body: ResearchDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<ResearchResponse> {
    return this.research.research(
      user,
      body,
      requestLanguage(acceptLanguage) ?? detectReplyLanguage(body.query),
    );
  }

  @Get()
  @ApiOkResponse({
    type: ResearchListResponseDoc,
    description: "The user's saved research, newest first (50).",
  })
  list(@CurrentUser() user: User): Promise<ResearchListResponse> {
    return this.research.list(user);
  }

  @Get('progress/:requestId')
  @ApiOkResponse({ type: ResearchProgressDoc, description: 'Where the research with this requestId stands.' })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "No research with this requestId is the user's (RESEARCH_NOT_FOUND).")
  progress(@CurrentUser() user: User, @Param() params: ResearchProgressParams): Promise<ResearchProgress> {
    return this.research.progress(user, params.requestId);
  }
}
