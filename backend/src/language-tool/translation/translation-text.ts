import { type DictionarySourceKind, GLOSS_UNKNOWN_WORD, type GlossWord } from '@kasa/contracts';
import { sourcePreferenceRank } from '../dictionary/dictionary-entry';

/**
 * A text's words in order: letters, digits and combining marks (tones written as marks stay
 * with their letter), apostrophes inside a word kept ("n'kwa", "don't"), everything else a
 * separator.
 */
export function tokenise(text: string): string[] {
  return text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+(?:['’ʼ][\p{L}\p{N}\p{M}]+)*/gu) ?? [];
}

export interface FormCandidate {
  /** The target form (or gloss) as it would appear in the translation. */
  text: string;
  sourceKind: DictionarySourceKind;
}

/**
 * The one candidate a translation or gloss shows: the most modern source first
 * (SOURCE_PREFERENCE: numerals, then ASJP's plain forms, then Koelle's 1854 transcription); among
 * those of one kind, the shortest (a bare word before a phrase), then alphabetically, so the
 * choice is stable.
 */
export function chooseForm<T extends FormCandidate>(candidates: readonly T[]): T | undefined {
  return [...candidates].sort(
    (a, b) =>
      sourcePreferenceRank(a.sourceKind) - sourcePreferenceRank(b.sourceKind) ||
      a.text.length - b.text.length ||
      a.text.localeCompare(b.text, 'en'),
  )[0];
}

/**
 * A gloss as one line: each word's form in order, GLOSS_UNKNOWN_WORD for a word the dictionary
 * lacks (not the word itself in brackets, which reads like output); '' when nothing was found.
 */
export function joinGloss(words: readonly GlossWord[]): string {
  if (!words.some((word) => word.gloss !== null)) return '';
  return words.map((word) => word.gloss ?? GLOSS_UNKNOWN_WORD).join(' ');
}

/**
 * The translation in a model's answer: a JSON object's `translation` (fenced or not, with text
 * around it), else the plain text without quotes or a "Translation:" label. '' when empty.
 */
export function parseModelTranslation(raw: string): string {
  const text = raw.replace(/```(?:json)?/gi, '').trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start !== -1 && end > start) {
    try {
      const parsed = JSON.parse(text.slice(start, end + 1)) as unknown;
      if (
        parsed &&
        typeof parsed === 'object' &&
        typeof (parsed as { translation?: unknown }).translation === 'string'
      )
        return (parsed as { translation: string }).translation.trim();
    } catch {
      /* not JSON: read as plain text below */
    }
  }
  return text
    .replace(/^\s*(?:translation|traduction)\s*:\s*/i, '')
    .replace(/^["“«'](.*)["”»']$/s, '$1')
    .trim();
}
