import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { DefineResponse, DictionaryPage, DictionaryStats } from '@kasa/contracts';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiValidationFailed } from '../../docs';
import type { User } from '../../users';
import {
  AudioLinkQuery,
  AudioParams,
  DefineParams,
  DefineQuery,
  DefineResponseDoc,
  DictionaryPageDoc,
  DictionaryStatsDoc,
  EntriesQuery,
} from './dto/dictionary.dto';
import { DictionaryService } from './dictionary.service';

const UNKNOWN_LANGUAGE = 'A language the tool does not know: LANGUAGE_TOOL_UNKNOWN_LANGUAGE.';
const DATA_MISSING = 'The dictionary data (LEXICON_DIR) cannot be read: DICTIONARY_DATA_MISSING.';

/** Define, browse and the statistics of the open dictionary, for every signed-in user (free). */
@ApiTags('language-tool')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements/language-tool')
@UseGuards(JwtAuthGuard)
export class DictionaryController {
  constructor(private readonly dictionary: DictionaryService) {}

  @Get('define/:word')
  @ApiOkResponse({
    type: DefineResponseDoc,
    description:
      "The word's entries, both ways (form → English gloss, English gloss → form): exact, then without accents and case, and near spellings (trigrams) or the word inside a longer gloss only when neither matched. An empty `definitions` is an answer, not an error.",
  })
  @ApiValidationFailed('The word is blank or longer than LANGUAGE_TOOL_WORD_MAX (100).')
  @ApiErrorResponse(400, UNKNOWN_LANGUAGE)
  @ApiErrorResponse(503, DATA_MISSING)
  define(@Param() params: DefineParams, @Query() query: DefineQuery): Promise<DefineResponse> {
    return this.dictionary.define(params.word, query.language);
  }

  @Get('entries')
  @ApiOkResponse({ type: DictionaryPageDoc, description: 'One page of entries, by language, then gloss.' })
  @ApiValidationFailed()
  @ApiErrorResponse(400, UNKNOWN_LANGUAGE)
  entries(@Query() query: EntriesQuery): Promise<DictionaryPage> {
    return this.dictionary.page(query);
  }

  @Get('stats')
  @ApiOkResponse({
    type: DictionaryStatsDoc,
    description:
      'Languages and entries per language and source, the last import, and whether the caller may run one.',
  })
  @ApiErrorResponse(503, DATA_MISSING)
  stats(@CurrentUser() user: User): Promise<DictionaryStats> {
    return this.dictionary.stats(user);
  }
}

/**
 * An entry's audio by signed link (DictionaryEntry.audioUrl): no bearer token, so an <audio>
 * element can play it. The signature is the permission; it names one entry and expires.
 */
@ApiTags('language-tool')
@ApiOtherErrors()
@Controller('enhancements/language-tool')
export class DictionaryAudioController {
  constructor(private readonly dictionary: DictionaryService) {}

  @Get('audio/:entryId')
  @ApiProduces('audio/mpeg')
  @ApiOkResponse({
    description: "The entry's form spoken by the text-to-speech engine (MP3).",
    schema: { type: 'string', format: 'binary' },
  })
  @ApiValidationFailed()
  @ApiErrorResponse(
    403,
    'FILES_LINK_INVALID: the signature does not match; FILES_LINK_EXPIRED: the link is out of date.',
  )
  @ApiErrorResponse(404, 'DICTIONARY_ENTRY_NOT_FOUND: no such entry (a newer import removed it).')
  @ApiErrorResponse(
    422,
    'DICTIONARY_AUDIO_UNAVAILABLE: no voice for the language, or the form is a phonetic code (ASJP) or 1854 transcription (Koelle).',
  )
  @ApiErrorResponse(502, 'The speech engine failed (VOICE_ENGINE_FAILED or AI_*).')
  async audio(
    @Param() params: AudioParams,
    @Query() query: AudioLinkQuery,
    @Res() response: Response,
  ): Promise<void> {
    const { audio, contentType } = await this.dictionary.audio(params.entryId, query.expires, query.sig);
    response.status(200);
    response.setHeader('Content-Type', contentType);
    response.setHeader('Content-Length', String(audio.length));
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'private, max-age=3600');
    response.end(audio);
  }
}
