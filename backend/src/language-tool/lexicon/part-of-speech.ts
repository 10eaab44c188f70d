import type { DictionarySourceKind } from '@kasa/contracts';

/**
 * Parts of speech the data lets us state: every numerals form is a numeral, and ASJP's word list
 * is a fixed set of basic concepts whose part of speech is known. Koelle's glosses are words and
 * short phrases whose part of speech the data does not give, so they stay null (never guessed).
 */
const ASJP_CONCEPTS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ('I we you thou this that who what').split(' ').map((word) => [word, 'pronoun']),
  ),
  ...Object.fromEntries(('one two').split(' ').map((word) => [word, 'numeral'])),
  ...Object.fromEntries(
    (
      'drink see hear die come say bite walk swim give eat stand sit lie know kill fly burn sleep'
    )
      .split(' ')
      .map((word) => [word, 'verb']),
  ),
  ...Object.fromEntries(
    ('full new long yellow small round red hot green cold black big good dry white many all')
      .split(' ')
      .map((word) => [word, 'adjective']),
  ),
  not: 'particle',
};

export function partOfSpeechOf(kind: DictionarySourceKind, gloss: string): string | null {
  if (kind === 'numerals') return 'numeral';
  if (kind === 'asjp-v12') return ASJP_CONCEPTS[gloss] ?? 'noun';
  return null;
}
