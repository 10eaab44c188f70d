import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { LanguageOption } from '@kasa/contracts';
import { JwtAuthGuard } from '../../auth';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn } from '../../docs';
import { LanguageCatalog } from './language-catalog';

export class LanguageOptionDoc implements LanguageOption {
  @ApiProperty({ description: 'ISO 639-3.', example: 'bbk' })
  code: string;

  @ApiProperty({ example: 'Babanki' })
  name: string;

  @ApiProperty({
    description: "Country names in English, comma-separated, or 'International' (English, French).",
    example: 'Cameroon',
  })
  country: string;

  @ApiProperty({ type: [String], description: 'ISO 3166-1 alpha-2 codes of `country`.', example: ['CM'] })
  countryCodes: string[];

  @ApiProperty({ description: 'Entries of the language in the open data (0 for English and French).' })
  entries: number;
}

/** GET …/languages: the language picker of every tab. */
@ApiTags('language-tool')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('enhancements/language-tool')
@UseGuards(JwtAuthGuard)
export class LanguagesController {
  constructor(private readonly catalog: LanguageCatalog) {}

  @Get('languages')
  @ApiOkResponse({
    type: [LanguageOptionDoc],
    description:
      "English and French (country 'International') first, then the 104 languages of the open dictionary by name.",
  })
  @ApiErrorResponse(503, 'The dictionary data (LEXICON_DIR) cannot be read: DICTIONARY_DATA_MISSING.')
  list(): LanguageOption[] {
    return this.catalog.pickerOptions();
  }
}
