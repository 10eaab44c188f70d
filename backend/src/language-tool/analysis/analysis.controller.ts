import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AnalyzeResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { HeavyRequest } from '../../concurrency-limits';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import { AnalysisService } from './analysis.service';
import { AnalyzeDto, AnalyzeResponseDoc } from './dto/analyze.dto';

/** POST …/analyze: the language tool's AI Analysis tab. Free (no usage quota). */
@ApiTags('language-tool')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements/language-tool')
@UseGuards(JwtAuthGuard)
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  @Post('analyze')
  @HeavyRequest('language-analysis')
  @HttpCode(200)
  @ApiOkResponse({
    type: AnalyzeResponseDoc,
    description:
      'The analysis: language identification (franc and the dictionary), dictionary matches, named entities, eSpeak NG pronunciation, and with a chat model translations and cultural context (absent offline, with notes saying why). A model that fails leaves the offline parts and a note; `success` is false only for an unexpected failure.',
  })
  @ApiValidationFailed(
    "a language is neither an ISO 639-3 code of the list nor one of the English names the tool accepts (LANGUAGE_TOOL_UNKNOWN_LANGUAGE).",
  )
  @ApiErrorResponse(
    404,
    "conversationId is not one of the user's conversations (CHAT_CONVERSATION_NOT_FOUND).",
  )
  @ApiErrorResponse(503, 'The dictionary data (LEXICON_DIR) cannot be read: DICTIONARY_DATA_MISSING.')
  analyze(@CurrentUser() user: User, @Body() body: AnalyzeDto): Promise<AnalyzeResponse> {
    return this.analysis.analyze(user, body);
  }
}
