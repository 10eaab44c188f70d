import type {
  AudioUnavailableReason,
  DictionaryEntry,
  DictionaryMatchKind,
  DictionarySourceKind,
} from '@kasa/contracts';
import { ESPEAK_LANGUAGES } from '../../ai/speech/espeak-voices';

/** A row of dictionary_entries as the repository reads it. */
export interface DictionaryRow {
  id: string;
  language: string;
  form: string;
  gloss: string;
  source: string;
  sourceKind: DictionarySourceKind;
  partOfSpeech: string | null;
}

/** A row a look-up found, with which side matched and how. */
export interface DictionaryMatchRow extends DictionaryRow {
  matchedOn: 'word' | 'translation';
  match: DictionaryMatchKind;
  /** Trigram similarity for fuzzy matches (0..1), 1 otherwise. */
  score: number;
}

/**
 * The order forms of one meaning are preferred in (translation, glosses, dictionary results):
 * modern sources before the historical one. The data records a source per form (source_dataset;
 * data/lexicon/NOTICE gives each source's date): numerals, written by their contributors in
 * today's orthographies (2007-2019); ASJP v12 (2010, from 20th-century word lists; its code forms
 * are not imported, transcription-code.ts, so those left are plain letters such as Hausa "ruwa");
 * Koelle's 1854 transcription in Polyglotta Africana ("lū́a"); then the AI's suggestions.
 * docs/product.md (Language tool) states the rule.
 */
export const SOURCE_PREFERENCE: readonly DictionarySourceKind[] = [
  'numerals',
  'asjp-v12',
  'polyglottaafricana',
  'AI',
];

/** A source kind's place in SOURCE_PREFERENCE (0 first); an unknown kind last. */
export function sourcePreferenceRank(kind: DictionarySourceKind): number {
  const index = SOURCE_PREFERENCE.indexOf(kind);
  return index === -1 ? SOURCE_PREFERENCE.length : index;
}

/** What the source kind means, where a form is shown out of the tool (titles, notes). */
export const SOURCE_KIND_LABELS: Readonly<Record<DictionarySourceKind, string>> = {
  numerals: 'numerals',
  polyglottaafricana: "Koelle's 1854 transcription",
  'asjp-v12': 'ASJP code',
  AI: 'AI-suggested',
};

/**
 * Why a form has no audio, or null when the speech engine can say it. ASJP's phonetic code and
 * Koelle's 1854 transcription are not spelling: any voice would read them wrongly. Otherwise the
 * offline engine (eSpeak NG) needs a voice for the language, and it has none for the languages of
 * Cameroon and Nigeria in the lexicon today.
 */
export function audioUnavailableReason(
  language: string,
  sourceKind: DictionarySourceKind,
  voices: Readonly<Record<string, string>> = ESPEAK_LANGUAGES,
): AudioUnavailableReason | null {
  if (sourceKind === 'asjp-v12' || sourceKind === 'polyglottaafricana') return 'phonetic-code';
  return Object.hasOwn(voices, language) ? null : 'no-voice';
}

/** A row as the API's DictionaryEntry, given the language's name and the entry's audio link. */
export function toDictionaryEntry(
  row: DictionaryRow | DictionaryMatchRow,
  languageName: string,
  audioUrl: string | null,
): DictionaryEntry {
  const entry: DictionaryEntry = {
    id: row.id,
    word: row.form,
    language: row.language,
    languageName,
    translation: row.gloss,
    partOfSpeech: row.partOfSpeech,
    source: row.source,
    sourceKind: row.sourceKind,
    audioUrl,
    audioUnavailable: audioUrl ? null : (audioUnavailableReason(row.language, row.sourceKind) ?? 'no-voice'),
  };
  if ('matchedOn' in row) {
    entry.matchedOn = row.matchedOn;
    entry.match = row.match;
  }
  return entry;
}
