/**
 * SQL and text helpers every knowledge source shares, so that every source finds, ranks and
 * checks a question the same way and the relevance floor (relevance.ts) means the same for each.
 */

/**
 * ts_rank_cd weights for the labels {D, C, B, A}. Every source labels its text the same way:
 * body text unlabelled (D, 0.1 per mention), titles B (0.4), headings A (1.0).
 */
export const KNOWLEDGE_RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';

/**
 * SQL for the normalised rank of a passage (`document`, a tsvector) for a query (the question's
 * `anyWord` query): ts_rank_cd sums the weights of the question's words' mentions (each word of an
 * OR query is its own cover), flag 1 divides by ln(1 + length) so a long passage does not win on
 * length alone, flag 32 maps the result r to r / (r + 1), into [0, 1). Not divided by the number
 * of question words (as ts_rank is), so a long question does not lower every rank.
 */
export function knowledgeRankSql(document: string, query: string): string {
  return `ts_rank_cd('${KNOWLEDGE_RANK_WEIGHTS}'::float4[], ${document}, ${query}, 1 | 32)`;
}

/**
 * ts_headline options of the per-user sources' passages (conversations, uploads, research): one
 * plain fragment of 20 to 45 words, no highlight marks.
 */
export const PASSAGE_HEADLINE_OPTIONS = 'StartSel="", StopSel="", MaxWords=45, MinWords=20, MaxFragments=1';

/** The text search configurations sources use (their documents' and queries' must agree). */
export type TextSearchConfig = 'english' | 'french' | 'simple';

/**
 * SQL for the indexes (int[], 0-based) of the question's terms a passage contains. `termSearches`
 * is the SQL of a text[] parameter holding each term's `search` (QuestionTerms.terms[i].search).
 */
export function matchedTermsSql(config: TextSearchConfig, document: string, termSearches: string): string {
  return (
    `ARRAY(SELECT (t.n - 1)::int FROM unnest(${termSearches}::text[]) WITH ORDINALITY AS t(words, n) ` +
    `WHERE ${document} @@ websearch_to_tsquery('${config}', t.words) ORDER BY t.n)`
  );
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
