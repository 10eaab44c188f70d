import type { KnowledgeHit } from './knowledge-source';

/**
 * The relevance floor every hit of every source must pass before the offline advisor quotes it.
 * Quoting nothing is better than quoting an unrelated page: asked about cassava leaves "turning
 * yellow", the Cookie Policy ("cannot be turned off") matched one word and came first.
 *
 * Two checks, because each misses what the other catches:
 * - coverage: the passage contains enough of the question's meaningful terms (stop and generic
 *   words already removed, so a shared "turn" or "use" never counts);
 * - rank: those words are more than a passing mention in a long passage.
 */

/**
 * Terms a passage never needs more of: a paragraph-long question has more topic words than any
 * short passage repeats, and four distinct ones shared are no coincidence.
 */
export const MAX_REQUIRED_TERMS = 4;

/**
 * A passage must contain a majority of the question's terms (more than half): all of a one- or
 * two-term question (of "cassava price", "price" alone is a coincidence, not Kasa's pricing),
 * 2 of 3, 3 of 4 or 5. A passage sharing only half shares a word or two, not the topic: "cassava
 * price in Douala market" met the Cookie Policy on "pay" and "marketing".
 */
export function requiredTermMatches(termCount: number): number {
  return Math.min(MAX_REQUIRED_TERMS, Math.floor(termCount / 2) + 1);
}

/**
 * Lowest normalised rank (knowledgeRankSql: weighted mentions divided by ln(1 + length in words),
 * r / (r + 1)). A body-text mention weighs 0.1, so one mention passes in a passage of up to about
 * 700 words, stop words not counted (any section of Kasa's pages, an ordinary message: "Payments are not refunded" is the
 * answer to "Can I get a refund?" in a 150-word section) and not in a longer one, where it is in
 * passing; two mentions, or one in a title or heading, pass at any length.
 */
export const MIN_KNOWLEDGE_RANK = 0.015;

/** How many different terms of the question the hit contains (indexes a source got wrong ignored). */
export function matchedTermCount(hit: Pick<KnowledgeHit, 'matchedTerms'>, termCount: number): number {
  const valid = hit.matchedTerms.filter(
    (index) => Number.isInteger(index) && index >= 0 && index < termCount,
  );
  return new Set(valid).size;
}

/** Whether the hit passes the floor for a question of `termCount` meaningful terms. */
export function isRelevant(hit: Pick<KnowledgeHit, 'rank' | 'matchedTerms'>, termCount: number): boolean {
  return (
    termCount > 0 &&
    Number.isFinite(hit.rank) &&
    hit.rank >= MIN_KNOWLEDGE_RANK &&
    matchedTermCount(hit, termCount) >= requiredTermMatches(termCount)
  );
}
