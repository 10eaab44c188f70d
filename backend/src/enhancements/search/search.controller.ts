import { Body, Controller, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WebSearchResponse } from '@kasa/contracts';
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
import { WebSearchDto, WebSearchResponseDoc } from './dto/web-search.dto';
import { requestLanguage } from './request-language';
import { SearchService } from './search.service';

/** The composer's web search (plus button). */
@ApiTags('enhancements')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements/search')
@UseGuards(JwtAuthGuard)
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Post()
  @HeavyRequest('web-search')
  @HttpCode(200)
  @ApiHeader({
    name: 'Accept-Language',
    required: false,
    description: "The user's language for the providers (fr or en; neither: the query's language).",
  })
  @ApiOkResponse({
    type: WebSearchResponseDoc,
    description:
      "Results of the first configured provider that answered (SearXNG, Google, Brave, in that order), or of Kasa's local index when none is configured.",
  })
  @ApiValidationFailed()
  @ApiErrorResponse(404, "conversationId is not one of the user's conversations (nothing was charged).")
  @ApiUsageLimit('webSearchesPerMonth')
  @ApiErrorResponse(
    502,
    'Every configured provider failed or timed out (SEARCH_PROVIDERS_FAILED); the search is given back.',
  )
  searchWeb(
    @CurrentUser() user: User,
    @Body() body: WebSearchDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<WebSearchResponse> {
    return this.search.search(user, body, requestLanguage(acceptLanguage) ?? detectReplyLanguage(body.query));
  }
}
