import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  GLOSS_UNKNOWN_WORD,
  type GlossWord,
  LANGUAGE_TOOL_TEXT_MAX,
  type TranslateRequest,
  type TranslationKind,
  type TranslationMatch,
  type TranslationResponse,
} from '@kasa/contracts';
import { DictionaryLoadingStateDoc } from '../../dictionary/dto/dictionary.dto';

export const TEXT_REQUIRED = 'Please enter a text to translate.';
export const TEXT_TOO_LONG = `A text to translate can be at most ${LANGUAGE_TOOL_TEXT_MAX} characters long.`;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

function LanguageField(field: string): PropertyDecorator {
  const message = `${field} must be a language code (ISO 639-3, such as eng or bbk)`;
  return (target, key) => {
    Transform(trim)(target, key);
    IsString({ message })(target, key);
    IsNotEmpty({ message })(target, key);
    MaxLength(40, { message })(target, key);
  };
}

/** Body of POST …/translate. */
export class TranslateDto implements TranslateRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: LANGUAGE_TOOL_TEXT_MAX,
    description: 'Trimmed; blank is refused.',
    example: 'water',
  })
  @Transform(trim)
  @IsString({ message: TEXT_REQUIRED })
  @IsNotEmpty({ message: TEXT_REQUIRED })
  @MaxLength(LANGUAGE_TOOL_TEXT_MAX, { message: TEXT_TOO_LONG })
  text: string;

  @ApiProperty({
    type: String,
    description: 'ISO 639-3 or a spec name (english, babanki...).',
    example: 'eng',
  })
  @LanguageField('fromLanguage')
  fromLanguage: string;

  @ApiProperty({ type: String, description: 'ISO 639-3 or a spec name; not fromLanguage.', example: 'bbk' })
  @LanguageField('toLanguage')
  toLanguage: string;
}

export class TranslationMatchDoc implements TranslationMatch {
  @ApiProperty({ description: 'The word of the text it translates.', example: 'water' })
  word: string;

  @ApiProperty({ example: 'mu' })
  translation: string;

  @ApiProperty({ type: String, nullable: true, example: 'noun' })
  partOfSpeech: string | null;

  @ApiProperty({ type: String, nullable: true })
  audioUrl: string | null;

  @ApiProperty({ example: 'asjp-v12:BABANKI' })
  source: string;

  @ApiProperty({ description: 'The language of the entry (ISO 639-3).', example: 'bbk' })
  language: string;
}

const TRANSLATION_KINDS: TranslationKind[] = ['translation', 'dictionary', 'gloss'];

export class GlossWordDoc implements GlossWord {
  @ApiProperty({ description: 'A word of the text.', example: 'where' })
  word: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Its form in the target language; null when unknown.',
  })
  gloss: string | null;
}

export class TranslationResponseDoc implements TranslationResponse {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiProperty()
  text: string;

  @ApiProperty({ description: 'ISO 639-3.' })
  fromLanguage: string;

  @ApiProperty({ description: 'ISO 639-3.' })
  toLanguage: string;

  @ApiProperty({
    description: `Per kind: the model's translation; the dictionary entry's form (or English gloss); or the word-by-word gloss with '${GLOSS_UNKNOWN_WORD}' for each word the dictionary lacks ('' when nothing was found).`,
  })
  translation: string;

  @ApiProperty({
    enum: TRANSLATION_KINDS,
    description:
      "'translation': the chat model's. 'dictionary': the dictionary's entry for the whole text (a single word, or a phrase that is an entry). 'gloss': without a model (or when it failed), the dictionary's word-by-word gloss of a longer text, which is not a translation.",
  })
  kind: TranslationKind;

  @ApiProperty({
    type: [GlossWordDoc],
    description:
      "kind 'gloss': every word of the text in order with its gloss (null: not in the dictionary); [] otherwise.",
  })
  glossWords: GlossWordDoc[];

  @ApiProperty({
    type: [TranslationMatchDoc],
    description: 'Every dictionary entry found for the words of the text.',
  })
  databaseMatches: TranslationMatchDoc[];

  @ApiProperty({ enum: ['database', 'AI'] })
  source: 'database' | 'AI';

  @ApiProperty({ type: [String] })
  missingWords: string[];

  @ApiProperty({ type: String, nullable: true, description: 'What is missing or how the answer was made.' })
  note: string | null;

  @ApiProperty({ type: String, nullable: true })
  model: string | null;

  @ApiProperty({ type: DictionaryLoadingStateDoc, nullable: true })
  dictionaryLoading: DictionaryLoadingStateDoc | null;
}
