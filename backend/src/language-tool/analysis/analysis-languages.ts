import { ANALYZE_LANGUAGE_NAMES } from '@kasa/contracts';
import type { LexiconData } from '../lexicon/lexicon-files';

/** The six languages the tool is built for: what an analysis considers when the request names none. */
export const DEFAULT_ANALYZE_LANGUAGES: readonly string[] = Object.values(ANALYZE_LANGUAGE_NAMES);

/** English and French are not in the lexicon (it has African languages only) but are in the tool. */
const INTERNATIONAL: Readonly<Record<string, string>> = { eng: 'English', fra: 'French' };

/** Names of languages franc may answer that languages.csv does not list. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  swh: 'Swahili',
  fuv: 'Nigerian Fulfulde',
  pcm: 'Nigerian Pidgin',
  und: 'Undetermined',
};

/**
 * A language the analyze call accepts: one of the product's names (babanki, bum, ngemba, igbo,
 * english, french; 'bum' is the product's Bum, bmv, not ISO's Bulu) or an ISO 639-3 code of
 * languages.csv, English or French. Undefined when it is neither.
 */
export function resolveAnalyzeLanguage(
  value: string,
  lexicon: Pick<LexiconData, 'languages'>,
): string | undefined {
  const key = value.trim().toLowerCase();
  if (key in ANALYZE_LANGUAGE_NAMES)
    return ANALYZE_LANGUAGE_NAMES[key as keyof typeof ANALYZE_LANGUAGE_NAMES];
  if (key in INTERNATIONAL || lexicon.languages.has(key)) return key;
  return undefined;
}

/** A language's English name ('Ngemba'), or its code when nothing knows it. */
export function analyzeLanguageName(code: string, lexicon: Pick<LexiconData, 'languages'>): string {
  return INTERNATIONAL[code] ?? lexicon.languages.get(code)?.name ?? OTHER_NAMES[code] ?? code;
}
