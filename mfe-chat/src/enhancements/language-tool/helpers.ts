// What the language tool shows beside its data (what a source means, how a look-up matched) and
// the text each tab adds to the chat.
import type {
  Analysis,
  DictionaryEntry,
  DictionaryMatchKind,
  DictionarySourceKind,
  LanguageOption,
  TranslationResponse,
} from '@kasa/contracts';
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

export function translationText(result: TranslationResponse, from: string, to: string): string {
  const answer = result.translation || '—';
  const lines = [
    `${from} → ${to}: ${result.text}`,
    result.kind === 'gloss' && result.translation
      ? `Word-by-word gloss (not a translation): ${answer}`
      : answer,
  ];
  if (result.databaseMatches.length) {
    lines.push(
      '',
      ...result.databaseMatches.map(
        (m) => `${m.word} → ${m.translation}${m.partOfSpeech ? ` (${m.partOfSpeech})` : ''}`,
      ),
    );
  }
  if (result.missingWords.length) lines.push('', `Not in the dictionary: ${result.missingWords.join(', ')}`);
  return lines.join('\n');
}

export function definitionsText(word: string, entries: DictionaryEntry[]): string {
  return [
    `Dictionary: ${word}`,
    ...entries.map(
      (e) =>
        `- ${e.word} (${e.languageName}): ${e.translation}${e.partOfSpeech ? `, ${e.partOfSpeech}` : ''} [${e.source}]`,
    ),
  ].join('\n');
}

export function analysisText(analysis: Analysis): string {
  const a = analysis.linguisticAnalysis;
  const lines = [
    `Analysis of: ${analysis.text}`,
    `Language: ${a.detectedLanguageName} (${Math.round(a.confidence * 100)}%)`,
  ];
  if (a.mixedLanguages.length) lines.push(`Also: ${a.mixedLanguages.join(', ')}`);
  if (a.culturalContext) lines.push(`Cultural context: ${a.culturalContext}`);
  for (const tr of analysis.translations) lines.push(`${tr.language}: ${tr.translation}`);
  for (const p of analysis.pronunciation)
    if (p.phonetic) lines.push(`Pronunciation (${p.language}): ${p.phonetic}`);
  if (analysis.namedEntities.length)
    lines.push(`Named entities: ${analysis.namedEntities.map((e) => `${e.text} (${e.type})`).join(', ')}`);
  for (const d of analysis.dictionary)
    for (const m of d.matches) lines.push(`${d.word} → ${m.translation} (${m.language})`);
  return lines.join('\n');
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
