import { type ReplyLanguage, wordsOf } from '../../ai/language/detect-language';
import { isMeaningfulWord } from '../../ai/language/stop-words';

/** Sentences an extractive summary keeps at most, and at most per source. */
const SUMMARY_SENTENCES = 4;
const SENTENCES_PER_SOURCE = 2;
const SENTENCE_MAX = 320;

/** A text's sentences (ends at . ! ? … or a line break), trimmed, the empty ones left out. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|\n+|\s+…\s+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').replace(/^…\s*/, '').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

const cut = (sentence: string) =>
  sentence.length > SENTENCE_MAX ? `${sentence.slice(0, SENTENCE_MAX - 1).trimEnd()}…` : sentence;

/**
 * A summary without a model: the sentences of the texts that contain the most of the query's
 * meaningful words (a source's first sentence breaks ties: it usually says what the text is
 * about), in their sources' order, each followed by its source's number [n] (texts[0] is [1]).
 * When no sentence contains a query word, the first sentence of the first texts.
 */
export function extractiveSummary(query: string, texts: string[], language: ReplyLanguage): string {
  const queryWords = new Set(
    wordsOf(query).filter((word) => word.length > 1 && isMeaningfulWord(word, language)),
  );
  const candidates = texts.flatMap((text, source) =>
    sentencesOf(text).map((sentence, position) => {
      const words = new Set(wordsOf(sentence));
      let score = 0;
      for (const word of queryWords) if (words.has(word)) score += 1;
      return { sentence, source, position, score };
    }),
  );
  const chosen: typeof candidates = [];
  const perSource = new Map<number, number>();
  const ranked = [...candidates]
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position || a.source - b.source);
  for (const candidate of ranked) {
    if (chosen.length >= SUMMARY_SENTENCES) break;
    const taken = perSource.get(candidate.source) ?? 0;
    if (taken >= SENTENCES_PER_SOURCE) continue;
    perSource.set(candidate.source, taken + 1);
    chosen.push(candidate);
  }
  if (chosen.length === 0)
    chosen.push(...candidates.filter((candidate) => candidate.position === 0).slice(0, 2));
  return chosen
    .sort((a, b) => a.source - b.source || a.position - b.position)
    .map((candidate) => {
      const sentence = cut(candidate.sentence);
      const ended = /[.!?…]$/.test(sentence) ? sentence : `${sentence}.`;
      return `${ended.slice(0, -1)} [${candidate.source + 1}]${ended.slice(-1)}`;
    })
    .join(' ');
}
