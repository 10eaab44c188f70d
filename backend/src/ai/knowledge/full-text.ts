import { detectReplyLanguage, FRENCH_STOP_WORDS, wordsOf } from '../language/detect-language';

/**
 * Helpers every knowledge source shares, so a question is searched the same way everywhere.
 *
 * A chat question is not a search query: "How much does Pro cost?" has words the answer never
 * uses ("how", "much", "cost"). websearch_to_tsquery ANDs all words, which finds nothing, so
 * sources search for ANY of the question's meaningful words (`websearch_to_tsquery('english',
 * $1)` over the `… or …` string built here: PostgreSQL drops the English stop words and stems
 * the rest) and let ts_rank put the pages matching the most words first. A few everyday words
 * (English and French, since the stored texts are English) are widened to the words the texts use.
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
      'combien',
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

/** The longest question searched (words beyond are ignored). */
export const MAX_SEARCH_TERMS = 24;

/**
 * The `… or …` string for `websearch_to_tsquery('english', $1)`: the question's words (French
 * stop words removed for a French question; PostgreSQL removes the English ones) plus related
 * words, each once. Only letters and digits reach PostgreSQL, so no search operator ('-', quotes)
 * can come from the user. Empty when nothing is left to search.
 */
export function anyWordSearchTerms(text: string): string {
  const french = detectReplyLanguage(text) === 'fr';
  const terms = new Set<string>();
  for (const word of wordsOf(text)) {
    if (terms.size >= MAX_SEARCH_TERMS) break;
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (word === 'or' || word === 'and') continue;
    if (french && FRENCH_STOP_WORDS.has(word)) continue;
    for (const part of word.split('-')) if (part.length >= 2 || /\d/.test(part)) terms.add(part);
    for (const related of RELATED.get(withoutAccents(word)) ?? []) terms.add(related);
  }
  return [...terms].join(' or ');
}

/**
 * Markdown-ish stored text (headings, lists, **bold**, links) as one plain line for an excerpt:
 * marks removed, list items and lines joined with '; ' (or a space after punctuation).
 */
export function plainExcerpt(text: string): string {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) =>
      line
        .replace(/^\s*#{1,6}\s+/, '')
        .replace(/^\s*>\s?/, '')
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/\*\*|__|`/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((line) => line !== '');
  let result = '';
  for (const line of lines) {
    if (result === '') result = line;
    else result += /[.!?:;,…]$/.test(result) ? ` ${line}` : `; ${line}`;
  }
  return result;
}

/**
 * Marks an excerpt cut out of a longer text (ts_headline fragments start and stop mid-sentence):
 * '… ' before a start that is not a sentence start, ' …' after an end that is not a sentence end.
 */
export function markCutEnds(excerpt: string): string {
  const text = excerpt.trim();
  if (text === '') return text;
  const start = /^[\p{Lu}\p{N}"'«“(]/u.test(text) || text.startsWith('…') ? '' : '… ';
  const end = /[.!?…)»"”]$/.test(text) ? '' : ' …';
  return `${start}${text}${end}`;
}
