import { Injectable, Logger } from '@nestjs/common';
import type { ReplyLanguage } from '../language/detect-language';
import type { KnowledgeHit, KnowledgeQuery, KnowledgeSource } from './knowledge-source';
import { questionTerms } from './question-terms';
import { isRelevant } from './relevance';

/**
 * Candidates each source returns per hit asked for. The floor drops some candidates (a passage
 * repeating one word of the question ranks high and fails coverage), so each source offers
 * several times `limit` and the floor still has its relevant ones to keep.
 */
export const CANDIDATES_PER_HIT = 4;

/**
 * Every body of local knowledge in one search. Feature modules register their source once (from
 * their onModuleInit); search() analyses the question once, asks all sources at once, keeps the
 * hits that pass the relevance floor (relevance.ts) and merges them, best first.
 * A source that fails is logged and left out: one broken table does not silence the others.
 */
@Injectable()
export class KnowledgeSearchService {
  private readonly logger = new Logger(KnowledgeSearchService.name);
  private readonly sources = new Map<string, KnowledgeSource>();

  register(source: KnowledgeSource): void {
    const existing = this.sources.get(source.name);
    if (existing && existing !== source)
      throw new Error(`A knowledge source named '${source.name}' is already registered.`);
    this.sources.set(source.name, source);
  }

  /** The registered sources' names, in registration order. */
  get sourceNames(): string[] {
    return [...this.sources.keys()];
  }

  /** What each registered source holds, for the user, in registration order. */
  sourceDescriptions(language: ReplyLanguage): string[] {
    return [...this.sources.values()].map((source) => source.description[language]);
  }

  /**
   * The best `query.limit` hits over all sources that pass the relevance floor, highest rank
   * first. A question with no meaningful word finds nothing.
   */
  async search(query: KnowledgeQuery): Promise<KnowledgeHit[]> {
    if (query.limit <= 0) return [];
    const terms = questionTerms(query.text);
    const termCount = terms.terms.length;
    if (termCount === 0) return [];
    const sources = [...this.sources.values()];
    const sourceQuery = { ...query, terms, limit: query.limit * CANDIDATES_PER_HIT };
    const results = await Promise.allSettled(sources.map((source) => source.search(sourceQuery)));
    const hits: KnowledgeHit[] = [];
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') hits.push(...result.value);
      else
        this.logger.error(
          `Knowledge source '${sources[index].name}' failed: ${
            result.reason instanceof Error ? result.reason.message : String(result.reason)
          }`,
        );
    });
    return hits
      .filter((hit) => isRelevant(hit, termCount))
      .sort((a, b) => b.rank - a.rank)
      .slice(0, query.limit);
  }
}
