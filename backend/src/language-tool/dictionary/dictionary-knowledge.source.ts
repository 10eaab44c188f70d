import { Injectable } from '@nestjs/common';
import type { DictionarySourceKind } from '@kasa/contracts';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit, KnowledgeSourceQuery } from '../../ai/knowledge/knowledge-source';
import { RegisteredKnowledgeSource } from '../../ai/knowledge/registered-knowledge-source';
import { SOURCE_KIND_LABELS } from './dictionary-entry';
import { DictionaryRepository } from './dictionary.repository';

/** What a reader must know about a form of this kind, for the excerpt. */
const KIND_NOTES: Readonly<Record<DictionarySourceKind, string>> = {
  numerals: 'a numeral as written',
  polyglottaafricana: "Koelle's 1854 transcription in Polyglotta Africana, not today's spelling",
  'asjp-v12': "ASJP's phonetic ASCII code, not spelling",
  AI: 'suggested by an AI model, not from the open data',
};

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
        title: `Dictionary: ${entry.gloss} → ${entry.form} (${entry.languageName}, ${SOURCE_KIND_LABELS[entry.sourceKind]})`,
        excerpt: `In ${entry.languageName} (${entry.language}), '${entry.gloss}' is '${entry.form}': ${KIND_NOTES[entry.sourceKind]} (source ${entry.source}; open data, CC BY 4.0).`,
        rank: entry.rank,
        matchedTerms: entry.matchedTerms,
      }));
  }
}
