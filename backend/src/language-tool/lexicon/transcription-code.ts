import type { DictionarySourceKind } from '@kasa/contracts';

/** A digit written against a letter or a mark: a digit used as a letter or as a tone number. */
const DIGIT_IN_WORD = /[\p{L}\p{M}]\p{N}|\p{N}[\p{L}\p{M}]/u;
/** ASJPcode's capitals are sounds (E = ɛ, N = ŋ, S = ʃ, T = θ, Z = ʒ…): ASJP writes no capitalised words. */
const CAPITAL = /\p{Lu}/u;
/**
 * ASJPcode's modifiers, written against the letters they change: `~` and `$` join the two or
 * three letters before them into one sound, `*` nasalises, `"` glottalises, `!` is a click.
 * Koelle's variants "dṓṣo ~ do" put a spaced `~` between two words, which is not a modifier.
 */
const ASJP_MODIFIER = /[\p{L}\p{M}][~$*"!]|[~$"!]\p{L}/u;

/**
 * Whether a form of the lexicon is a transcription code rather than a word: it is then never
 * shown as a word (translations, glosses, dictionary results, chat knowledge), so the importer
 * leaves it out (lexicon-files.ts) and the entry keeps only its other forms, if any.
 *
 * Based on data/lexicon/lexemes.csv (60,189 forms):
 * - Any source: a digit against a letter. In ASJP (2,600 forms) digits are letters (3 = ɨ/ə,
 *   5 = ɲ, 7 = ʔ, 8 = θ: Babanki "sun" 3T3Z3, "fire" Zi7); in six numeral lists of five
 *   languages (169 forms: bfj, bqt, boe, ncr, asj) they are tone numbers ("bu3so23", "tʰəŋ³⁴"). A number
 *   alone ("10") has no letter beside it and is kept.
 * - ASJP only: a capital letter (3,054 more forms: "kuN", "vErE", "Emum") or a modifier (2,099
 *   more: "mw~i", "mu*"). Other sources' capitals start proper nouns (Koelle's "Mecca",
 *   "esā́·-Tebā́re"), so they are kept.
 * ASJP forms in plain lower-case letters (6,963, such as Hausa "ruwa") read as words and are kept.
 */
export function isTranscriptionCode(form: string, sourceKind: DictionarySourceKind): boolean {
  if (DIGIT_IN_WORD.test(form)) return true;
  if (sourceKind !== 'asjp-v12') return false;
  return CAPITAL.test(form) || ASJP_MODIFIER.test(form);
}
