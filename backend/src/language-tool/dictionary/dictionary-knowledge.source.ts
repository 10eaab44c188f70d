import { Injectable } from '@nestjs/common';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit, KnowledgeSourceQuery } from '../../ai/knowledge/knowledge-source';
import { RegisteredKnowledgeSource } from '../../ai/knowledge/registered-knowledge-source';
import { dictionaryHitExcerpt, dictionaryHitTitle } from './dictionary-knowledge-hit';
import { DictionaryRepository } from './dictionary.repository';

/**
 * The open dictionary as local knowledge (chat's offline advisor, local web search, offline
 * research): the same entries for everyone, so the user is ignored.
 */
@Injectable()
export class DictionaryKnowledgeSource extends RegisteredKnowledgeSource {
  readonly name = 'dictionary';
  readonly description = {
    en: 'the open dictionary of African languages',
    fr: 'le dictionnaire ouvert des langues africaines',
  };

  constructor(
    private readonly dictionary: DictionaryRepository,
    knowledge: KnowledgeSearchService,
  ) {
    super(knowledge);
  }

  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    if (query.terms.terms.length === 0 || query.limit <= 0) return [];
    const excluded = new Set(query.excludeIds ?? []);
    const matches = await this.dictionary.findKnowledgeMatches(
      query.terms.anyWord,
      query.terms.terms.map((term) => term.search),
      query.limit,
    );
    return matches
      .filter((entry) => !excluded.has(entry.id))
      .map((entry) => ({
        source: this.name,
        title: dictionaryHitTitle(entry, query.terms.language),
        excerpt: dictionaryHitExcerpt(entry, query.terms.language),
        rank: entry.rank,
        matchedTerms: entry.matchedTerms,
      }));
  }
}
