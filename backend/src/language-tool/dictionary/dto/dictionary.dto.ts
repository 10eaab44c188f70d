import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  type AudioUnavailableReason,
  type DefineResponse,
  DICTIONARY_PAGE_SIZE_MAX,
  type DictionaryEntry,
  type DictionaryLoadingState,
  type DictionaryMatchKind,
  type DictionaryPage,
  type DictionarySourceKind,
  type DictionaryStats,
  LANGUAGE_TOOL_WORD_MAX,
} from '@kasa/contracts';

export const WORD_REQUIRED = 'Please enter a word to look up.';
export const WORD_TOO_LONG = `A word or phrase to look up can be at most ${LANGUAGE_TOOL_WORD_MAX} characters long.`;
export const LANGUAGE_INVALID = 'language must be an ISO 639-3 code or a language name';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const blankAsAbsent = ({ value }: { value: unknown }) => {
  const text = typeof value === 'string' ? value.trim() : value;
  return text === '' ? undefined : text;
};

/** A language query parameter: optional, a code or a name (the catalog says whether it is known). */
function LanguageParam(): PropertyDecorator {
  return (target, key) => {
    Transform(blankAsAbsent)(target, key);
    IsOptional()(target, key);
    IsString({ message: LANGUAGE_INVALID })(target, key);
    MaxLength(40, { message: LANGUAGE_INVALID })(target, key);
  };
}

/** Path of GET …/define/{word}. */
export class DefineParams {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: LANGUAGE_TOOL_WORD_MAX,
    description: 'A form (any language of the dictionary) or an English word. Trimmed; blank is refused.',
    example: 'water',
  })
  @Transform(trim)
  @IsString({ message: WORD_REQUIRED })
  @IsNotEmpty({ message: WORD_REQUIRED })
  @MaxLength(LANGUAGE_TOOL_WORD_MAX, { message: WORD_TOO_LONG })
  word: string;
}

export class DefineQuery {
  @ApiPropertyOptional({
    type: String,
    description:
      "Absent: every language, forms and glosses. 'eng'/'english': English → forms in every language. A lexicon language (ISO 639-3 or babanki, bum, ngemba, igbo): that language's forms and glosses.",
    example: 'bbk',
  })
  @LanguageParam()
  language?: string;
}

/** Query of GET …/entries. */
export class EntriesQuery {
  @ApiPropertyOptional({
    type: String,
    description: 'Only this language (ISO 639-3 or a spec name).',
    example: 'bbk',
  })
  @LanguageParam()
  language?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: LANGUAGE_TOOL_WORD_MAX,
    description: 'Only entries whose form or gloss contains this (accents and case ignored).',
  })
  @Transform(blankAsAbsent)
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(LANGUAGE_TOOL_WORD_MAX, {
    message: `q can be at most ${LANGUAGE_TOOL_WORD_MAX} characters long.`,
  })
  q?: string;

  @ApiPropertyOptional({ type: Number, minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1, { message: 'page must be a whole number from 1' })
  @Max(100_000, { message: 'page must be at most 100000' })
  page?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: DICTIONARY_PAGE_SIZE_MAX, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `pageSize must be a whole number from 1 to ${DICTIONARY_PAGE_SIZE_MAX}` })
  @Min(1, { message: `pageSize must be a whole number from 1 to ${DICTIONARY_PAGE_SIZE_MAX}` })
  @Max(DICTIONARY_PAGE_SIZE_MAX, {
    message: `pageSize must be a whole number from 1 to ${DICTIONARY_PAGE_SIZE_MAX}`,
  })
  pageSize?: number;
}

/** Path and query of the signed audio link. */
export class AudioParams {
  @ApiProperty({ type: String, format: 'uuid' })
  @IsUUID('all', { message: 'entryId must be a dictionary entry id (a UUID)' })
  entryId: string;
}

export class AudioLinkQuery {
  @ApiProperty({ type: String, pattern: '^\\d{1,12}$', description: 'Expiry, in Unix seconds.' })
  @IsString({ message: 'expires must be a number of seconds' })
  @Matches(/^\d{1,12}$/, { message: 'expires must be a number of seconds' })
  expires: string;

  @ApiProperty({
    type: String,
    pattern: '^[A-Za-z0-9_-]{43}$',
    description: 'HMAC-SHA256 of the link, base64url.',
  })
  @IsString({ message: 'sig must be the link signature' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'sig must be the link signature' })
  sig: string;
}

const SOURCE_KINDS: DictionarySourceKind[] = ['numerals', 'polyglottaafricana', 'asjp-v12', 'AI'];

export class DictionaryLoadingStateDoc implements DictionaryLoadingState {
  @ApiProperty({ enum: ['queued', 'running', 'complete', 'failed'] })
  status: DictionaryLoadingState['status'];

  @ApiProperty()
  processedLanguages: number;

  @ApiProperty()
  totalLanguages: number;

  @ApiProperty()
  totalInserted: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  startedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt: string | null;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}

export class DictionaryEntryDoc implements DictionaryEntry {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: 'The form in `language`.', example: 'mu' })
  word: string;

  @ApiProperty({ description: 'ISO 639-3.', example: 'bbk' })
  language: string;

  @ApiProperty({ example: 'Babanki' })
  languageName: string;

  @ApiProperty({ description: 'The English gloss.', example: 'water' })
  translation: string;

  @ApiProperty({ type: String, nullable: true, example: 'noun' })
  partOfSpeech: string | null;

  @ApiProperty({
    description:
      "Dataset and variety ('asjp-v12:BABANKI': ASJP's phonetic ASCII code, not spelling; 'polyglottaafricana:…': Koelle's 1854 transcription; 'numerals:…'), or 'AI'.",
    example: 'asjp-v12:BABANKI',
  })
  source: string;

  @ApiProperty({ enum: SOURCE_KINDS })
  sourceKind: DictionarySourceKind;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A signed link to the spoken word (audio/mpeg).',
  })
  audioUrl: string | null;

  @ApiProperty({
    type: String,
    enum: ['no-voice', 'phonetic-code'],
    nullable: true,
    description:
      'Why audioUrl is null: the speech engine has no voice for the language, or the form is not spelling.',
  })
  audioUnavailable: AudioUnavailableReason | null;

  @ApiPropertyOptional({ enum: ['word', 'translation'] })
  matchedOn?: 'word' | 'translation';

  @ApiPropertyOptional({ enum: ['exact', 'accent-insensitive', 'fuzzy'] })
  match?: DictionaryMatchKind;
}

export class DefineResponseDoc implements DefineResponse {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty()
  word: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The language searched (ISO 639-3), null for all.',
  })
  language: string | null;

  @ApiProperty({
    type: [DictionaryEntryDoc],
    description: 'Exact and accent-insensitive matches; near spellings only when there are none. At most 50.',
  })
  definitions: DictionaryEntryDoc[];

  @ApiProperty({ type: DictionaryLoadingStateDoc, nullable: true })
  dictionaryLoading: DictionaryLoadingStateDoc | null;
}

export class DictionaryPageDoc implements DictionaryPage {
  @ApiProperty({ type: [DictionaryEntryDoc] })
  entries: DictionaryEntryDoc[];

  @ApiProperty()
  total: number;

  @ApiProperty()
  page: number;

  @ApiProperty()
  pageSize: number;

  @ApiProperty({ type: DictionaryLoadingStateDoc, nullable: true })
  dictionaryLoading: DictionaryLoadingStateDoc | null;
}

class SourceCountDoc {
  @ApiProperty({ enum: SOURCE_KINDS })
  source: DictionarySourceKind;

  @ApiProperty()
  entries: number;
}

class LanguageCountDoc {
  @ApiProperty()
  code: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  country: string;

  @ApiProperty({ type: [String], description: 'ISO 3166-1 alpha-2 codes of `country`.', example: ['CM'] })
  countryCodes: string[];

  @ApiProperty()
  entries: number;

  @ApiProperty({ description: 'Entries per source kind.', example: { 'asjp-v12': 40, numerals: 40 } })
  sources: Partial<Record<DictionarySourceKind, number>>;
}

export class DictionaryStatsDoc implements DictionaryStats {
  @ApiProperty()
  languages: number;

  @ApiProperty()
  entries: number;

  @ApiProperty({ type: [SourceCountDoc] })
  bySource: SourceCountDoc[];

  @ApiProperty({ type: [LanguageCountDoc] })
  byLanguage: LanguageCountDoc[];

  @ApiProperty({ type: DictionaryLoadingStateDoc, nullable: true })
  lastImport: DictionaryLoadingStateDoc | null;

  @ApiProperty({ description: 'SHA-256 of the data files.' })
  dataVersion: string;

  @ApiProperty({ description: 'Whether the caller may run the import (ADMIN_USERNAMES).' })
  canPopulate: boolean;

  @ApiProperty({ type: DictionaryLoadingStateDoc, nullable: true })
  dictionaryLoading: DictionaryLoadingStateDoc | null;
}
