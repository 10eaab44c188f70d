import type { ReplyLanguage } from '../language/detect-language';
import type { QuestionTerms } from './question-terms';

/**
 * A body of local knowledge the offline advisor (and later local web search / research) can
 * search with PostgreSQL full-text search. A feature that owns a table (legal pages, the user's
 * conversations, dictionary entries, uploaded documents, saved research) registers one source
 * with the KnowledgeSearchService, describing itself to the user, and nothing else changes.
 */
export interface KnowledgeHit {
  /** Which source found it, e.g. 'legal', 'conversations', 'dictionary'. */
  source: string;
  /** A title the answer can cite ('Pricing', 'Conversation: Maize planting'). */
  title: string;
  /** The matching text, short (a few sentences), plain text. */
  excerpt: string;
  /**
   * The normalised rank of full-text.ts knowledgeRankSql (in [0, 1), higher is better), so that
   * ranks compare across sources and the relevance floor means the same for each.
   */
  rank: number;
  /**
   * Indexes in `query.terms.terms` of the question's terms the passage contains (full-text.ts
   * matchedTermsSql): the relevance floor keeps passages that contain enough of them.
   */
  matchedTerms: number[];
  /** In-app link to the source, when there is one ('/legal/pricing'). */
  url?: string;
}

export interface KnowledgeQuery {
  /** The user's words (analysed into terms; never interpolated into SQL). */
  text: string;
  /** Sources with per-user rows (conversations, uploads) must return only this user's rows. */
  userId: string;
  limit: number;
  /** Rows to leave out, e.g. the message being answered right now. */
  excludeIds?: string[];
}

/** What a source is asked: the query, its question analysed once for all, and a candidate count. */
export interface KnowledgeSourceQuery extends KnowledgeQuery {
  /** Never empty: `terms.anyWord` finds candidates, each `terms.terms[i].search` checks coverage. */
  terms: QuestionTerms;
  /** Candidates to return at most, those containing the most terms first, then by rank. */
  limit: number;
}

export interface KnowledgeSource {
  readonly name: string;
  /**
   * What the source holds, as the advisor names it to the user when nothing relevant is found
   * ("Kasa's legal pages and pricing", "your earlier conversations"), in each reply language.
   */
  readonly description: Readonly<Record<ReplyLanguage, string>>;
  search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]>;
}
