/**
 * A body of local knowledge the offline advisor (and later local web search / research) can
 * search with PostgreSQL full-text search. A feature that owns a table (legal pages, the user's
 * conversations, dictionary entries, uploaded documents, saved research) registers one source
 * with the KnowledgeSearchService and nothing else changes.
 */
export interface KnowledgeHit {
  /** Which source found it, e.g. 'legal', 'conversations', 'dictionary'. */
  source: string;
  /** A title the answer can cite ('Pricing', 'Conversation: Maize planting'). */
  title: string;
  /** The matching text, short (a few sentences), plain text. */
  excerpt: string;
  /** ts_rank (or similar): higher is better; sources' ranks are compared as they are. */
  rank: number;
  /** In-app link to the source, when there is one ('/legal/pricing'). */
  url?: string;
}

export interface KnowledgeQuery {
  /** The user's words (passed to websearch_to_tsquery; never interpolated into SQL). */
  text: string;
  /** Sources with per-user rows (conversations, uploads) must return only this user's rows. */
  userId: string;
  limit: number;
  /** Rows to leave out, e.g. the message being answered right now. */
  excludeIds?: string[];
}

export interface KnowledgeSource {
  readonly name: string;
  search(query: KnowledgeQuery): Promise<KnowledgeHit[]>;
}
