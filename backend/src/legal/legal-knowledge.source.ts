import { Inject, Injectable } from '@nestjs/common';
import { markCutEnds, plainExcerpt } from '../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit, KnowledgeSourceQuery } from '../ai/knowledge/knowledge-source';
import { RegisteredKnowledgeSource } from '../ai/knowledge/registered-knowledge-source';
import { APP_CONFIG, type AppConfig } from '../config';
import { LegalRepository } from './legal.repository';
import { fillPlaceholders } from './legal.service';

/** '/legal/fair-use' for 'fair_use' (the shell's route slugs). */
export function legalPageUrl(type: string): string {
  return `/legal/${type.replace(/_/g, '-')}`;
}

/**
 * The legal pages (terms, privacy, cookies, fair use, pricing) as local knowledge. Not per user.
 * A French question is answered from the French pages, any other from the English ones (the
 * question's language: QuestionTerms.language, the one the offline advisor replies in).
 */
@Injectable()
export class LegalKnowledgeSource extends RegisteredKnowledgeSource {
  readonly name = 'legal';
  readonly description: RegisteredKnowledgeSource['description'];

  constructor(
    private readonly legal: LegalRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    knowledge: KnowledgeSearchService,
  ) {
    super(knowledge);
    const app = config.appName;
    this.description = {
      en: `${app}'s legal pages and pricing (terms of use, privacy, cookies, fair use, plans and prices)`,
      fr:
        `les pages légales et les tarifs de ${app} (conditions d'utilisation, confidentialité, ` +
        'cookies, usage équitable, offres et prix)',
    };
  }

  async search(query: KnowledgeSourceQuery): Promise<KnowledgeHit[]> {
    if (query.terms.terms.length === 0 || query.limit <= 0) return [];
    const names = { appName: this.config.appName, assistantName: this.config.assistantName };
    const sections = await this.legal.findKnowledgeSections(
      query.terms.anyWord,
      query.terms.terms.map((term) => term.search),
      query.limit,
      names,
      query.terms.language,
    );
    return sections.map((section) => {
      const title = fillPlaceholders(section.title, names);
      return {
        source: this.name,
        title: section.heading ? `${title} — ${section.heading}` : title,
        excerpt: markCutEnds(plainExcerpt(section.excerpt)),
        rank: section.rank,
        matchedTerms: section.matchedTerms,
        url: legalPageUrl(section.type),
      };
    });
  }
}
