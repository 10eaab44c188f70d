import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { TranslationResponse } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { HeavyRequest } from '../../concurrency-limits';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import { TranslateDto, TranslationResponseDoc } from './dto/translate.dto';
import { TranslationService } from './translation.service';

/** POST …/translate: the dictionary first, then the chat model when one is configured (free). */
@ApiTags('language-tool')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements/language-tool')
@UseGuards(JwtAuthGuard)
export class TranslationController {
  constructor(private readonly translation: TranslationService) {}

  @Post('translate')
  @HeavyRequest('translation')
  @HttpCode(200)
  @ApiOkResponse({
    type: TranslationResponseDoc,
    description:
      "source 'database': the dictionary's answer, kind 'dictionary' (the whole text as an entry, or one word) or kind 'gloss' (a longer text word by word, not a translation; unknown words as '—' and listed in missingWords). source 'AI', kind 'translation': the chat model's translation, with the dictionary's matches as evidence. A failing model falls back to the dictionary's answer with a note.",
  })
  @ApiValidationFailed(
    'The text is blank or longer than LANGUAGE_TOOL_TEXT_MAX (2000), or a language is missing.',
  )
  @ApiErrorResponse(
    400,
    "LANGUAGE_TOOL_SAME_LANGUAGE: 'Source and target languages must be different'; LANGUAGE_TOOL_UNKNOWN_LANGUAGE: a language the tool does not know.",
  )
  @ApiErrorResponse(503, 'The dictionary data (LEXICON_DIR) cannot be read: DICTIONARY_DATA_MISSING.')
  translate(@CurrentUser() user: User, @Body() body: TranslateDto): Promise<TranslationResponse> {
    return this.translation.translate(user, body);
  }
}
