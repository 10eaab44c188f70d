import { Injectable, Logger } from '@nestjs/common';
import type { KnowledgeHit, KnowledgeQuery, KnowledgeSource } from './knowledge-source';

/**
 * Every body of local knowledge in one search. Feature modules register their source once (from
 * their onModuleInit); search() asks all of them at once and merges the hits by rank.
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

  /** The best `query.limit` hits over all sources, highest rank first. Empty text finds nothing. */
  async search(query: KnowledgeQuery): Promise<KnowledgeHit[]> {
    if (query.text.trim() === '' || query.limit <= 0) return [];
    const sources = [...this.sources.values()];
    const results = await Promise.allSettled(sources.map((source) => source.search(query)));
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
      .filter((hit) => Number.isFinite(hit.rank))
      .sort((a, b) => b.rank - a.rank)
      .slice(0, query.limit);
  }
}
