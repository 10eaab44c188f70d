import type { OnModuleInit } from '@nestjs/common';
import type { ReplyLanguage } from '../language/detect-language';
import type { KnowledgeSearchService } from './knowledge-search.service';
import type { KnowledgeHit, KnowledgeSource, KnowledgeSourceQuery } from './knowledge-source';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A knowledge source that registers itself with the KnowledgeSearchService when its module
 * starts (knowledge-source.ts: a feature registers one source and nothing else changes).
 */
export abstract class RegisteredKnowledgeSource implements KnowledgeSource, OnModuleInit {
  abstract readonly name: string;
  abstract readonly description: KnowledgeSource['description'];

  protected constructor(private readonly knowledge: KnowledgeSearchService) {}

  onModuleInit(): void {
    this.knowledge.register(this);
  }

  abstract search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]>;
}

/** What a per-user source's statement is asked: the question's words, over one user's rows. */
export interface UserPassageSearch {
  userId: string;
  /** The question's `anyWord` query (finds candidates). */
  anyWord: string;
  /** Each question term's `search`, in order (matchedTermsSql's text[] parameter). */
  termSearches: string[];
  limit: number;
  /** Rows to leave out, uuids only. */
  excludeIds: string[];
}

/** One passage a per-user source's statement found, as the database answers it. */
export interface KnowledgePassageRow {
  /** full-text.ts knowledgeRankSql: numeric, which the driver may answer as a string. */
  rank: number | string;
  /** full-text.ts matchedTermsSql. */
  matched: number[];
  title: string;
  /** ts_headline of the passage (PASSAGE_HEADLINE_OPTIONS). */
  snippet: string;
}

export interface KnowledgePassage {
  rank: number;
  matchedTerms: number[];
  title: string;
  snippet: string;
}

export function toKnowledgePassage(row: KnowledgePassageRow): KnowledgePassage {
  return { rank: Number(row.rank), matchedTerms: row.matched, title: row.title, snippet: row.snippet };
}

/**
 * A source of one user's own rows (conversations, uploads, saved research): nothing for a
 * question without terms, a non-positive limit or a user id that is not a uuid; excluded ids that
 * are not uuids are dropped before they reach the `uuid[]` parameter. Subclasses run the statement
 * (their repository) and say how a passage reads as a hit.
 */
export abstract class UserPassagesKnowledgeSource extends RegisteredKnowledgeSource {
  protected abstract findPassages(search: UserPassageSearch): Promise<KnowledgePassage[]>;

  /** The hit's title for the passage's title column, in the question's language (the reply's). */
  protected abstract hitTitle(title: string, language: ReplyLanguage): string;

  /** The hit's excerpt for the passage's snippet. */
  protected abstract hitExcerpt(snippet: string): string;

  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    if (query.terms.terms.length === 0 || query.limit <= 0 || !UUID.test(query.userId)) return [];
    const passages = await this.findPassages({
      userId: query.userId,
      anyWord: query.terms.anyWord,
      termSearches: query.terms.terms.map((term) => term.search),
      limit: query.limit,
      excludeIds: (query.excludeIds ?? []).filter((id) => UUID.test(id)),
    });
    return passages.map((passage) => ({
      source: this.name,
      title: this.hitTitle(passage.title, query.terms.language),
      excerpt: this.hitExcerpt(passage.snippet),
      rank: passage.rank,
      matchedTerms: passage.matchedTerms,
    }));
  }
}
