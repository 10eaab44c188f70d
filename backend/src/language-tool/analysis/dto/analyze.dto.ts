import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import {
  ANALYZE_LANGUAGE_NAMES,
  type Analysis,
  type AnalysisDictionaryMatch,
  type AnalysisDictionaryWord,
  type AnalysisPronunciation,
  type AnalysisTranslation,
  type AnalyzeRequest,
  type AnalyzeResponse,
  LANGUAGE_TOOL_TEXT_MAX,
  type LinguisticAnalysis,
  type NamedEntity,
  type NamedEntityType,
} from '@kasa/contracts';
import { IsConversationId } from '../../../common';

export const ANALYZE_TEXT_REQUIRED = 'Please enter a text to analyse.';
export const ANALYZE_TEXT_TOO_LONG = `A text to analyse can be at most ${LANGUAGE_TOOL_TEXT_MAX} characters long.`;
export const ANALYZE_LANGUAGES_MAX = 10;
export const ANALYZE_LANGUAGES_INVALID = `languages must be a list of at most ${ANALYZE_LANGUAGES_MAX} language codes or names.`;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The text's rules, in this order (stacked decorators would register bottom-up). */
function AnalyzeText(): PropertyDecorator {
  return (target, key) => {
    Transform(trim)(target, key);
    IsString({ message: ANALYZE_TEXT_REQUIRED })(target, key);
    IsNotEmpty({ message: ANALYZE_TEXT_REQUIRED })(target, key);
    MaxLength(LANGUAGE_TOOL_TEXT_MAX, { message: ANALYZE_TEXT_TOO_LONG })(target, key);
  };
}

/** Body of POST /api/enhancements/language-tool/analyze. */
export class AnalyzeDto implements AnalyzeRequest {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: LANGUAGE_TOOL_TEXT_MAX,
    description: 'The text to analyse. Surrounding spaces are trimmed; blank is refused.',
    example: 'Je vais au marché de Bamenda avec Marie demain.',
  })
  @AnalyzeText()
  text: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: ANALYZE_LANGUAGES_MAX,
    description: `The languages to consider (identification, dictionary, translations): ISO 639-3 codes of the language list, or their English names (${Object.keys(ANALYZE_LANGUAGE_NAMES).join(', ')}). Default: these six (${Object.values(ANALYZE_LANGUAGE_NAMES).join(', ')}). An unknown one is a 400 LANGUAGE_TOOL_UNKNOWN_LANGUAGE.`,
    example: ['babanki', 'ngemba', 'eng'],
  })
  @IsOptional()
  @IsArray({ message: ANALYZE_LANGUAGES_INVALID })
  @ArrayMaxSize(ANALYZE_LANGUAGES_MAX, { message: ANALYZE_LANGUAGES_INVALID })
  @IsString({ each: true, message: ANALYZE_LANGUAGES_INVALID })
  @MaxLength(40, { each: true, message: ANALYZE_LANGUAGES_INVALID })
  languages?: string[];

  @ApiPropertyOptional({ type: Boolean, default: true, description: 'Translations (needs a chat model).' })
  @IsOptional()
  @IsBoolean({ message: 'includeTranslation must be true or false.' })
  includeTranslation?: boolean;

  @ApiPropertyOptional({ type: Boolean, default: true, description: 'Dictionary matches of the words.' })
  @IsOptional()
  @IsBoolean({ message: 'includeDictionary must be true or false.' })
  includeDictionary?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    description: 'Named entities (places, people, organisations).',
  })
  @IsOptional()
  @IsBoolean({ message: 'includeNER must be true or false.' })
  includeNER?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    description: 'Pronunciation (eSpeak NG IPA where it has a voice).',
  })
  @IsOptional()
  @IsBoolean({ message: 'includePronunciation must be true or false.' })
  includePronunciation?: boolean;

  @ApiPropertyOptional({ type: String, format: 'uuid', description: "One of the user's conversations." })
  @IsOptional()
  @IsConversationId()
  conversationId?: string;
}

export class LinguisticAnalysisDoc implements LinguisticAnalysis {
  @ApiProperty({ description: "ISO 639-3, or 'und' when the text is too short to tell.", example: 'fra' })
  detectedLanguage: string;

  @ApiProperty({ example: 'French' })
  detectedLanguageName: string;

  @ApiProperty({ minimum: 0, maximum: 1 })
  confidence: number;

  @ApiProperty({
    type: [String],
    description: "Other languages of the text's words (ISO 639-3), most likely first.",
  })
  mixedLanguages: string[];

  @ApiProperty({ type: String, nullable: true, description: 'From the chat model; null offline.' })
  culturalContext: string | null;

  @ApiProperty({ enum: ['franc', 'dictionary', 'franc+dictionary', 'none'] })
  method: LinguisticAnalysis['method'];
}

export class AnalysisTranslationDoc implements AnalysisTranslation {
  @ApiProperty({ example: 'bbk' })
  language: string;

  @ApiProperty()
  translation: string;

  @ApiProperty({ minimum: 0, maximum: 1 })
  confidence: number;

  @ApiProperty()
  reasoning: string;
}

export class AnalysisPronunciationDoc implements AnalysisPronunciation {
  @ApiProperty({ example: 'fra' })
  language: string;

  @ApiProperty({ type: String, nullable: true, description: "eSpeak NG's IPA; null where it has no voice." })
  phonetic: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The tone marks the text carries, for a language without a voice.',
  })
  toneMarking: string | null;

  @ApiProperty()
  available: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Why the pronunciation is not available.' })
  note: string | null;
}

export class NamedEntityDoc implements NamedEntity {
  @ApiProperty({ example: 'Bamenda' })
  text: string;

  @ApiProperty({ enum: ['PLACE', 'PERSON', 'ORGANIZATION', 'LANGUAGE', 'OTHER'] })
  type: NamedEntityType;

  @ApiProperty({ description: 'The detected language of the text.' })
  language: string;

  @ApiProperty({ example: 'City in Cameroon, capital of the North-West Region' })
  description: string;
}

export class AnalysisDictionaryMatchDoc implements AnalysisDictionaryMatch {
  @ApiProperty({ example: 'nge' })
  language: string;

  @ApiProperty({
    minimum: 0,
    maximum: 1,
    description: '1 exact, 0.8 without accents, lower for near spellings.',
  })
  confidence: number;

  @ApiProperty({ description: 'True only when a chat model confirmed the match.' })
  gptVerified: boolean;

  @ApiProperty({ description: 'The form in `language`.' })
  word: string;

  @ApiProperty({ description: 'Its English gloss.' })
  translation: string;

  @ApiProperty({ type: String, nullable: true })
  partOfSpeech: string | null;

  @ApiProperty({ example: 'numerals:bamb1266-3' })
  source: string;
}

export class AnalysisDictionaryWordDoc implements AnalysisDictionaryWord {
  @ApiProperty({ description: 'A word of the text.' })
  word: string;

  @ApiProperty({ type: [AnalysisDictionaryMatchDoc] })
  matches: AnalysisDictionaryMatchDoc[];
}

export class AnalysisDoc implements Analysis {
  @ApiProperty()
  text: string;

  @ApiProperty({ type: LinguisticAnalysisDoc })
  linguisticAnalysis: LinguisticAnalysisDoc;

  @ApiProperty({ type: [AnalysisTranslationDoc], description: 'Empty offline.' })
  translations: AnalysisTranslationDoc[];

  @ApiProperty({ type: [AnalysisPronunciationDoc] })
  pronunciation: AnalysisPronunciationDoc[];

  @ApiProperty({ type: [NamedEntityDoc] })
  namedEntities: NamedEntityDoc[];

  @ApiProperty({
    type: [AnalysisDictionaryWordDoc],
    description: 'Words with matches (30 words, 5 matches each at most).',
  })
  dictionary: AnalysisDictionaryWordDoc[];

  @ApiProperty({
    enum: ['ai', 'offline'],
    description: "'offline': no chat model (or it failed); translations and cultural context are absent.",
  })
  mode: 'ai' | 'offline';

  @ApiProperty({ type: String, nullable: true })
  model: string | null;

  @ApiProperty({ type: [String], description: 'Plain statements of what is absent and why.' })
  notes: string[];
}

/** The answer of POST …/analyze (AnalyzeResponse in @kasa/contracts). */
export class AnalyzeResponseDoc implements AnalyzeResponse {
  @ApiProperty({ description: 'False only when the analysis failed unexpectedly (`error` says so).' })
  success: boolean;

  @ApiProperty({ type: AnalysisDoc, nullable: true })
  analysis: AnalysisDoc | null;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}
