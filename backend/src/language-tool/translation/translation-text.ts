import type { DictionarySourceKind } from '@kasa/contracts';
import { SOURCE_PREFERENCE } from '../dictionary/dictionary-entry';

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
 * The one candidate a word-by-word translation shows: a form written in a spelling (numerals)
 * before Koelle's 1854 transcription, before ASJP's phonetic code; among those of one kind, the
 * shortest (a bare word before a phrase), then alphabetically, so the choice is stable.
 */
export function chooseForm<T extends FormCandidate>(candidates: readonly T[]): T | undefined {
  const rank = (kind: DictionarySourceKind) => {
    const index = SOURCE_PREFERENCE.indexOf(kind);
    return index === -1 ? SOURCE_PREFERENCE.length : index;
  };
  return [...candidates].sort(
    (a, b) =>
      rank(a.sourceKind) - rank(b.sourceKind) ||
      a.text.length - b.text.length ||
      a.text.localeCompare(b.text, 'en'),
  )[0];
}

/** The found words in order, each missing one as [word]; '' when nothing was found. */
export function joinTranslation(parts: readonly { word: string; translation: string | null }[]): string {
  if (!parts.some((part) => part.translation !== null)) return '';
  return parts.map((part) => part.translation ?? `[${part.word}]`).join(' ');
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
