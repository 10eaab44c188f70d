// What the language tool shows beside its data (what a source means, how a look-up matched) and
// when an analysis is empty (the text each tab adds to the chat is ./chat-texts.ts).
import type { Analysis, DictionaryMatchKind, DictionarySourceKind, LanguageOption } from '@kasa/contracts';
import type { ShownLanguage } from './language-names';
import type { LanguageToolText } from './messages';

/** What each source's forms are: ASJP's is a phonetic code and Koelle's an 1854 transcription. */
export const SOURCE_LABELS: Record<DictionarySourceKind, LanguageToolText> = {
  'asjp-v12': 'sourceAsjp',
  polyglottaafricana: 'sourcePolyglotta',
  numerals: 'sourceNumerals',
  AI: 'sourceAiSuggested',
};

export const MATCH_LABELS: Record<DictionaryMatchKind, LanguageToolText> = {
  exact: 'matchExact',
  'accent-insensitive': 'matchAccent',
  fuzzy: 'matchFuzzy',
};

/** The source kind of a `source` string ('asjp-v12:BABANKI' → 'asjp-v12'). */
export function sourceKindOf(source: string): DictionarySourceKind | null {
  if (source === 'AI') return 'AI';
  const prefix = source.split(':')[0];
  return prefix === 'asjp-v12' || prefix === 'polyglottaafricana' || prefix === 'numerals' ? prefix : null;
}

/** The picker's search: a language is found by its name (shown or catalog), its country or its code. */
export function filterLanguages(options: ShownLanguage[], input: string): ShownLanguage[] {
  const words = input.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return options;
  return options.filter((option) => words.every((word) => option.searchText.includes(word)));
}

/**
 * Grouped lists need their options sorted by group, International last (as in the API), in the
 * interface language's alphabetical order.
 */
export function sortForGroups(options: ShownLanguage[], locale: string): ShownLanguage[] {
  return [...options].sort((a, b) => {
    if (a.international !== b.international) return a.international ? 1 : -1;
    if (a.group !== b.group) return a.group.localeCompare(b.group, locale);
    return a.name.localeCompare(b.name, locale);
  });
}

export function nameOf(languages: LanguageOption[] | undefined, code: string): string {
  return languages?.find((l) => l.code === code)?.name ?? code;
}

/** An analysis with nothing in any section: the empty state. */
export function analysisIsEmpty(analysis: Analysis | null): boolean {
  if (!analysis) return true;
  const a = analysis.linguisticAnalysis;
  return (
    (a.detectedLanguage === 'und' || !a.detectedLanguage) &&
    a.mixedLanguages.length === 0 &&
    !a.culturalContext &&
    analysis.translations.length === 0 &&
    analysis.pronunciation.length === 0 &&
    analysis.namedEntities.length === 0 &&
    analysis.dictionary.length === 0
  );
}
