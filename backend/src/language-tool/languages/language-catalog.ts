import { Injectable } from '@nestjs/common';
import { ANALYZE_LANGUAGE_NAMES, INTERNATIONAL_COUNTRY, type LanguageOption } from '@kasa/contracts';
import { dictionaryDataMissing, unknownLanguage } from '../language-tool.errors';
import { type LexiconData, LexiconDataError } from '../lexicon/lexicon-files';
import { LexiconService } from '../lexicon/lexicon.service';

/** The two languages the tool has beside the lexicon's: the glosses are English, French is asked for. */
export const INTERNATIONAL_LANGUAGES: readonly LanguageOption[] = [
  { code: 'eng', name: 'English', country: INTERNATIONAL_COUNTRY, countryCodes: [], entries: 0 },
  { code: 'fra', name: 'French', country: INTERNATIONAL_COUNTRY, countryCodes: [], entries: 0 },
];

const NAMES: Readonly<Record<string, string>> = ANALYZE_LANGUAGE_NAMES;

/** The lexicon's files as the API reports them: a 503 naming LEXICON_DIR when they are missing. */
export function lexiconOrUnavailable(lexicon: LexiconService): LexiconData {
  try {
    return lexicon.get();
  } catch (error) {
    if (error instanceof LexiconDataError) throw dictionaryDataMissing(error.message);
    throw error;
  }
}

/**
 * Every language the tool knows (the 601 of languages.csv, English and French) and the picker's
 * list. Built once from the lexicon files, which do not change while the process runs.
 */
@Injectable()
export class LanguageCatalog {
  private options?: LanguageOption[];
  private names?: Map<string, string>;

  constructor(private readonly lexicon: LexiconService) {}

  /** The picker: English and French first, then the 104 picker languages by name. */
  pickerOptions(): LanguageOption[] {
    if (!this.options) {
      const picker = [...lexiconOrUnavailable(this.lexicon).picker]
        .sort((a, b) => a.name.localeCompare(b.name, 'en'))
        .map((language) => ({
          code: language.code,
          name: language.name,
          country: language.country,
          countryCodes: language.countryCodes,
          entries: language.lexemeCount,
        }));
      this.options = [...INTERNATIONAL_LANGUAGES, ...picker];
    }
    return this.options;
  }

  /** The code of an ISO 639-3 code or a spec name (babanki, english...), any case; undefined if unknown. */
  find(value: string): string | undefined {
    const key = value.trim().toLowerCase();
    if (key === '') return undefined;
    const named = NAMES[key];
    if (named) return named;
    if (INTERNATIONAL_LANGUAGES.some((language) => language.code === key)) return key;
    return this.known().has(key) ? key : undefined;
  }

  /** Like find(), but a 400 naming the value when the tool does not know it. */
  resolve(value: string, field = 'language'): string {
    const code = this.find(value);
    if (!code) throw unknownLanguage(field, value, Object.keys(NAMES));
    return code;
  }

  /** Whether the dictionary has forms in the language (English and French are only glosses or absent). */
  isLexiconLanguage(code: string): boolean {
    return !INTERNATIONAL_LANGUAGES.some((language) => language.code === code);
  }

  name(code: string): string {
    const international = INTERNATIONAL_LANGUAGES.find((language) => language.code === code);
    if (international) return international.name;
    return this.known().get(code) ?? code;
  }

  /** Code → name of every lexicon language (languages.csv, and any language only lexemes.csv has). */
  private known(): Map<string, string> {
    if (!this.names) {
      const data = lexiconOrUnavailable(this.lexicon);
      const names = new Map([...data.languages.values()].map((language) => [language.code, language.name]));
      for (const language of data.forms)
        if (!names.has(language.code)) names.set(language.code, language.name);
      this.names = names;
    }
    return this.names;
  }

  /** The countries of a lexicon language ('Cameroon, Nigeria'), or 'International'. */
  country(code: string): string {
    if (!this.isLexiconLanguage(code)) return INTERNATIONAL_COUNTRY;
    return lexiconOrUnavailable(this.lexicon).languages.get(code)?.country ?? '';
  }

  /** The ISO 3166-1 alpha-2 codes of those countries (none for English and French). */
  countryCodes(code: string): string[] {
    if (!this.isLexiconLanguage(code)) return [];
    return [...(lexiconOrUnavailable(this.lexicon).languages.get(code)?.countryCodes ?? [])];
  }
}
