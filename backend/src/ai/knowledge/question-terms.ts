import { detectReplyLanguage, type ReplyLanguage, wordsOf } from '../language/detect-language';
import { isMeaningfulWord } from '../language/stop-words';

/**
 * A chat question turned into what the knowledge search looks for, once for every source.
 *
 * A chat question is not a search query: "How much does Pro cost?" has words the answer never
 * uses ("how", "much", "cost"), and websearch_to_tsquery ANDs all words, which finds nothing. So
 * the question is reduced to its meaningful words (stop and generic words removed, English and
 * French: ../language/stop-words.ts), each widened to the words the stored texts use for it ("cost"
 * → price, pay; French words → the English of the texts). Sources find candidate passages with
 * ANY of those words; the relevance floor (relevance.ts) then asks a passage to contain enough of
 * the question's terms.
 */

/** Everyday words → words the stored texts use (keys without accents). */
const RELATED_WORDS: ReadonlyArray<[readonly string[], readonly string[]]> = [
  [
    [
      'cost',
      'costs',
      'price',
      'prices',
      'pricing',
      'fee',
      'fees',
      'pay',
      'paying',
      'payment',
      'payments',
      'cheap',
      'expensive',
      'charge',
      'cout',
      'coute',
      'coutent',
      'prix',
      'tarif',
      'tarifs',
      'payer',
      'paiement',
      'paye',
      'paie',
    ],
    ['price', 'cost', 'pay'],
  ],
  [
    ['subscription', 'subscribe', 'abonnement', 'abonner', 'forfait', 'upgrade'],
    ['plan', 'subscription', 'upgrade'],
  ],
  [['delete', 'remove', 'erase', 'supprimer', 'effacer', 'suppression'], ['delete']],
  [['compte', 'comptes'], ['account']],
  [
    ['donnees', 'confidentialite', 'privee'],
    ['data', 'privacy'],
  ],
  [['passe', 'motdepasse'], ['password']],
  [['limite', 'limites', 'quota', 'quotas'], ['limit']],
  [['gratuit', 'gratuite'], ['free']],
  [['mois', 'mensuel', 'mensuelle'], ['month']],
  [['rembourser', 'remboursement', 'refund'], ['refund']],
  [['annuler', 'resilier', 'annulation', 'cancel'], ['cancel']],
  [['carte'], ['card']],
  [['voix', 'vocal', 'vocale'], ['voice']],
  [['recherche', 'rechercher'], ['search']],
  [['traceur', 'traceurs', 'cookie', 'cookies'], ['cookie']],
  [
    ['conditions', 'utilisation', 'regles'],
    ['terms', 'use'],
  ],
];

const RELATED = new Map<string, readonly string[]>();
for (const [words, related] of RELATED_WORDS) for (const word of words) RELATED.set(word, related);

const withoutAccents = (word: string) => word.normalize('NFD').replace(/\p{Diacritic}/gu, '');

/** One meaningful word of the question. */
export interface QuestionTerm {
  /** The word as asked (lower case). */
  word: string;
  /**
   * What a passage may contain to contain this term: the word and the words the texts use for it,
   * as a `… or …` string for websearch_to_tsquery (letters and digits only).
   */
  search: string;
}

export interface QuestionTerms {
  /**
   * The question's language (detectReplyLanguage, the language the offline advisor answers in):
   * sources written in both languages search the texts in this one.
   */
  language: ReplyLanguage;
  /** The question's meaningful words, in order, each once. Empty: there is nothing to search. */
  terms: QuestionTerm[];
  /** Every term's words in one `… or …` string: the query that finds candidate passages. */
  anyWord: string;
}

/**
 * The longest question analysed (meaningful words beyond are ignored): enough for a paragraph,
 * and it bounds the per-term checks each source runs on its candidates.
 */
export const MAX_QUESTION_TERMS = 16;

/**
 * The question's meaningful terms. Only letters and digits come out (wordsOf), so no search
 * operator ('-', quotes, or/and) can come from the user.
 */
export function questionTerms(text: string): QuestionTerms {
  const language = detectReplyLanguage(text);
  const terms: QuestionTerm[] = [];
  const allWords = new Set<string>();
  for (const word of wordsOf(text)) {
    if (terms.length >= MAX_QUESTION_TERMS) break;
    if (terms.some((term) => term.word === word) || !isMeaningfulWord(word, language)) continue;
    // A single letter means nothing alone (the "s" of "Kasa's"); a single digit may ("USD 4").
    const parts = word.split('-').filter((part) => part.length >= 2 || /\d/.test(part));
    if (parts.length === 0) continue;
    const words = [...new Set([...parts, ...(RELATED.get(withoutAccents(word)) ?? [])])];
    for (const each of words) allWords.add(each);
    terms.push({ word, search: words.join(' or ') });
  }
  return { language, terms, anyWord: [...allWords].join(' or ') };
}
