/**
 * The language tool: an open dictionary of African languages of Cameroon and Nigeria (CLDF data,
 * CC BY 4.0, data/lexicon/NOTICE), translate, define, analyse, and the dictionary import. Paths
 * are under /api/enhancements/language-tool.
 */

/** Where the language tool's routes live. */
export const LANGUAGE_TOOL_PATH = '/api/enhancements/language-tool';

/** The translate tab's defaults (docs/product.md: from English, to Babanki). */
export const LANGUAGE_TOOL_DEFAULT_FROM = 'eng';
export const LANGUAGE_TOOL_DEFAULT_TO = 'bbk';

/** Longest text translate and analyze take (characters, after trimming). */
export const LANGUAGE_TOOL_TEXT_MAX = 2000;
/** Longest word or phrase define takes. */
export const LANGUAGE_TOOL_WORD_MAX = 100;

/** The country the picker lists English and French under. */
export const INTERNATIONAL_COUNTRY = 'International';

/** The language names the analyze call accepts besides ISO 639-3 codes. */
export const ANALYZE_LANGUAGE_NAMES = {
  babanki: 'bbk',
  bum: 'bmv',
  ngemba: 'nge',
  igbo: 'ibo',
  english: 'eng',
  french: 'fra',
} as const;
export type AnalyzeLanguageName = keyof typeof ANALYZE_LANGUAGE_NAMES;

/** One language of the picker (GET …/languages answers an array of these). */
export interface LanguageOption {
  /** ISO 639-3 ('eng', 'fra', 'bbk'). */
  code: string;
  name: string;
  /** Country names in English, comma-separated ('Cameroon, Nigeria'), or 'International'. */
  country: string;
  /** ISO 3166-1 alpha-2 codes of `country` (empty for International). */
  countryCodes: string[];
  /** Dictionary entries of the language in the open data (0 for English and French). */
  entries: number;
}

/**
 * Where a dictionary entry comes from: the CLDF dataset prefix of `source`
 * ('numerals:baba1266-1' → 'numerals'), or 'AI' for entries a chat model suggested.
 */
export type DictionarySourceKind = 'numerals' | 'polyglottaafricana' | 'asjp-v12' | 'AI';

/** How a look-up matched: the exact form, the form without accents and case, or a near spelling. */
export type DictionaryMatchKind = 'exact' | 'accent-insensitive' | 'fuzzy';

/**
 * A dictionary entry (docs/product.md) plus what explains it. `word` is the form in `language`,
 * `translation` its English gloss. `source` is the dataset and variety ('asjp-v12:BABANKI'), or
 * 'AI'. ASJP forms are a phonetic ASCII code, Polyglotta Africana forms Koelle's 1854 spelling.
 */
export interface DictionaryEntry {
  id: string;
  word: string;
  language: string;
  languageName: string;
  translation: string;
  /** Known for numerals and ASJP's basic concepts; null where the data does not say. */
  partOfSpeech: string | null;
  source: string;
  sourceKind: DictionarySourceKind;
  /** A signed link to the word spoken by the offline TTS, or null (`audioUnavailable` says why). */
  audioUrl: string | null;
  audioUnavailable: AudioUnavailableReason | null;
  /** Present on look-ups: which side matched (the form or the English gloss) and how. */
  matchedOn?: 'word' | 'translation';
  match?: DictionaryMatchKind;
}

/**
 * Why a form has no audio: the speech engine has no voice for the language, or the form is not
 * spelling (ASJP code, Koelle's transcription) and a voice would read it wrongly.
 */
export type AudioUnavailableReason = 'no-voice' | 'phonetic-code';

/** GET …/define/{word}?language= */
export interface DefineResponse {
  success: true;
  word: string;
  /** The language asked for, or null when all languages were searched. */
  language: string | null;
  definitions: DictionaryEntry[];
  /** While the first import runs, how far it is (the answer may be incomplete). */
  dictionaryLoading: DictionaryLoadingState | null;
}

/** A dictionary match shown as translation evidence (spec: word, translation, partOfSpeech, audioUrl). */
export interface TranslationMatch {
  /** The word of the text it translates. */
  word: string;
  translation: string;
  partOfSpeech: string | null;
  audioUrl: string | null;
  source: string;
  language: string;
}

/** POST …/translate */
export interface TranslateRequest {
  text: string;
  fromLanguage: string;
  toLanguage: string;
}

/**
 * What a translation answer is: 'translation', the chat model's translation; 'dictionary', the
 * dictionary's entry for the whole text (a single word, or a phrase that is an entry); 'gloss',
 * without a model, the dictionary's word-by-word gloss of a longer text: not a translation.
 */
export type TranslationKind = 'translation' | 'dictionary' | 'gloss';

/** A word of the text in a gloss, with the dictionary's form for it (null: not in the dictionary). */
export interface GlossWord {
  word: string;
  gloss: string | null;
}

/** How a gloss writes a word the dictionary does not have. */
export const GLOSS_UNKNOWN_WORD = '—';

export interface TranslationResponse {
  success: true;
  text: string;
  fromLanguage: string;
  toLanguage: string;
  /**
   * Per `kind`: the model's translation, the dictionary entry's form (or gloss), or the
   * word-by-word gloss with GLOSS_UNKNOWN_WORD for each unknown word ('' when nothing was found).
   */
  translation: string;
  kind: TranslationKind;
  /** kind 'gloss': every word of the text in order with its gloss; [] otherwise. */
  glossWords: GlossWord[];
  databaseMatches: TranslationMatch[];
  source: 'database' | 'AI';
  /** Words of the text the dictionary has no entry for (offline, they stay untranslated). */
  missingWords: string[];
  /** A plain statement of what is missing or how the answer was made (English). */
  note: string | null;
  /** The chat model that translated, when source is 'AI'. */
  model: string | null;
  dictionaryLoading: DictionaryLoadingState | null;
}

/** POST …/analyze */
export interface AnalyzeRequest {
  text: string;
  /** ISO 639-3 codes or the product's names (babanki, bum, ngemba, igbo, english, french). */
  languages?: string[];
  includeTranslation?: boolean;
  includeDictionary?: boolean;
  includeNER?: boolean;
  includePronunciation?: boolean;
  conversationId?: string;
}

export interface LinguisticAnalysis {
  /** ISO 639-3, or 'und' when the text is too short to tell. */
  detectedLanguage: string;
  detectedLanguageName: string;
  /** 0..1 */
  confidence: number;
  /** Other languages the text's words belong to (ISO 639-3), most likely first. */
  mixedLanguages: string[];
  /** From the chat model; null offline. */
  culturalContext: string | null;
  /** What identified the language: franc's trigrams, the dictionary's words, or both. */
  method: 'franc' | 'dictionary' | 'franc+dictionary' | 'none';
}

export interface AnalysisTranslation {
  language: string;
  translation: string;
  confidence: number;
  reasoning: string;
}

export interface AnalysisPronunciation {
  language: string;
  /** eSpeak NG's IPA, or null where it has no voice for the language. */
  phonetic: string | null;
  toneMarking: string | null;
  available: boolean;
  note: string | null;
}

export type NamedEntityType = 'PLACE' | 'PERSON' | 'ORGANIZATION' | 'LANGUAGE' | 'OTHER';

export interface NamedEntity {
  text: string;
  type: NamedEntityType;
  language: string;
  description: string;
}

export interface AnalysisDictionaryMatch {
  language: string;
  confidence: number;
  /** True only when a chat model confirmed the match. */
  gptVerified: boolean;
  word: string;
  translation: string;
  partOfSpeech: string | null;
  source: string;
}

export interface AnalysisDictionaryWord {
  word: string;
  matches: AnalysisDictionaryMatch[];
}

export interface Analysis {
  text: string;
  linguisticAnalysis: LinguisticAnalysis;
  translations: AnalysisTranslation[];
  pronunciation: AnalysisPronunciation[];
  namedEntities: NamedEntity[];
  dictionary: AnalysisDictionaryWord[];
  /** 'offline': no chat model, translations and cultural context are absent. */
  mode: 'ai' | 'offline';
  model: string | null;
  /** Plain statements of what is absent and why (English). */
  notes: string[];
}

export interface AnalyzeResponse {
  success: boolean;
  analysis: Analysis | null;
  error: string | null;
}

/** Database population progress event (docs/product.md), one per `data:` line of POST …/populate. */
export interface PopulationResult {
  /** The language's name ('Babanki'). */
  language: string;
  /** Its ISO 639-3 code. */
  code: string;
  country: string;
  status: 'success' | 'failed';
  /** The language's entries in the open data (all in the dictionary once status is success). */
  entries: number;
  /** Of those, how many this import added (0 on a re-run). */
  inserted: number;
  /** Why the language failed. */
  error?: string;
}

export interface PopulationEvent {
  type: 'start' | 'progress' | 'complete' | 'error';
  total?: number;
  language?: string;
  processed?: number;
  totalInserted?: number;
  processedLanguages?: number;
  successfulLanguages?: number;
  results?: PopulationResult[];
  error?: string;
  details?: string;
}

/** Where the dictionary import stands (the tool shows it until the first import ends). */
export interface DictionaryLoadingState {
  status: 'queued' | 'running' | 'complete' | 'failed';
  processedLanguages: number;
  totalLanguages: number;
  totalInserted: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

/** GET …/stats: what the dictionary holds, for everyone (the Database tab). */
export interface DictionaryStats {
  languages: number;
  entries: number;
  bySource: { source: DictionarySourceKind; entries: number }[];
  byLanguage: {
    code: string;
    name: string;
    country: string;
    /** ISO 3166-1 alpha-2 codes of `country` (the client names them in the user's language). */
    countryCodes: string[];
    entries: number;
    sources: Partial<Record<DictionarySourceKind, number>>;
  }[];
  /** The last (or running) import; null before the first. */
  lastImport: DictionaryLoadingState | null;
  /** SHA-256 of the data the dictionary was (or is being) imported from. */
  dataVersion: string;
  /** Whether the caller may run the import (ADMIN_USERNAMES). */
  canPopulate: boolean;
  /** While the first import runs, how far it is (the counts are still growing). */
  dictionaryLoading: DictionaryLoadingState | null;
}

/** GET …/entries?language=&q=&page= : browse the dictionary. */
export interface DictionaryPage {
  entries: DictionaryEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** While the first import runs, how far it is (the page may be incomplete). */
  dictionaryLoading: DictionaryLoadingState | null;
}

export const DICTIONARY_PAGE_SIZE_MAX = 100;
