// The text each tab of the language tool puts in the composer ('Add to chat'), worded in the
// interface language like the tab it comes from: the same message catalog, the same language names.
import type { Analysis, DefineResponse, DictionaryStats, TranslationResponse } from '@kasa/contracts';
import type { Translate } from '@kasa/ui';
import type { LanguageToolText } from './messages';

export interface ChatTextWording {
  t: Translate<LanguageToolText>;
  /**
   * A language's name as the tab shows it: ISO 639-3 code in, interface-language name out (the
   * fallback, a name the answer carries, where Intl does not know the code).
   */
  languageName: (code: string, fallback?: string) => string;
  /** Percent of a 0..1 confidence, as the tab shows it. */
  percent: (confidence: number) => number;
}

const LIST_SEPARATOR = ', ';

export function translationText(
  result: TranslationResponse,
  { t, languageName }: Pick<ChatTextWording, 't' | 'languageName'>,
): string {
  const answer = result.translation || '—';
  const lines = [
    t('chatTranslationLine', {
      from: languageName(result.fromLanguage),
      to: languageName(result.toLanguage),
      text: result.text,
    }),
    result.kind === 'gloss' && result.translation ? t('chatGlossLine', { gloss: answer }) : answer,
  ];
  if (result.databaseMatches.length) {
    lines.push(
      '',
      ...result.databaseMatches.map(
        (m) => `${m.word} → ${m.translation}${m.partOfSpeech ? ` (${m.partOfSpeech})` : ''}`,
      ),
    );
  }
  if (result.missingWords.length) {
    lines.push('', t('missingWords', { words: result.missingWords.join(LIST_SEPARATOR) }));
  }
  return lines.join('\n');
}

export function definitionsText(
  result: Pick<DefineResponse, 'word' | 'definitions'>,
  { t, languageName }: Pick<ChatTextWording, 't' | 'languageName'>,
): string {
  return [
    t('chatDictionary', { word: result.word }),
    ...result.definitions.map(
      (e) =>
        `- ${e.word} (${languageName(e.language, e.languageName)}): ${e.translation}${e.partOfSpeech ? `, ${e.partOfSpeech}` : ''} [${e.source}]`,
    ),
  ].join('\n');
}

export function analysisText(analysis: Analysis, { t, languageName, percent }: ChatTextWording): string {
  const a = analysis.linguisticAnalysis;
  const lines = [
    t('chatAnalysisOf', { text: analysis.text }),
    t('chatDetected', {
      language: languageName(a.detectedLanguage, a.detectedLanguageName || undefined),
      percent: percent(a.confidence),
    }),
  ];
  if (a.mixedLanguages.length) {
    lines.push(
      t('mixedLanguages', {
        languages: a.mixedLanguages.map((code) => languageName(code)).join(LIST_SEPARATOR),
      }),
    );
  }
  if (a.culturalContext) lines.push(t('chatCulturalContext', { text: a.culturalContext }));
  for (const tr of analysis.translations) lines.push(`${languageName(tr.language)}: ${tr.translation}`);
  for (const p of analysis.pronunciation) {
    if (p.phonetic) {
      lines.push(t('chatPronunciation', { language: languageName(p.language), phonetic: p.phonetic }));
    }
  }
  if (analysis.namedEntities.length) {
    const entities = analysis.namedEntities.map((e) => `${e.text} (${t(`entity${e.type}`)})`);
    lines.push(t('chatNamedEntities', { entities: entities.join(LIST_SEPARATOR) }));
  }
  for (const d of analysis.dictionary) {
    for (const m of d.matches) lines.push(`${d.word} → ${m.translation} (${languageName(m.language)})`);
  }
  return lines.join('\n');
}

export function statisticsText(stats: DictionaryStats, { t }: Pick<ChatTextWording, 't'>): string {
  return [
    t('chatStatistics', { languages: stats.languages, entries: stats.entries }),
    ...stats.bySource.map((s) => `- ${s.source}: ${s.entries}`),
    t('credit'),
  ].join('\n');
}
