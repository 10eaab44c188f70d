import { Injectable } from '@nestjs/common';
import { markCutEnds } from '../../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type { ReplyLanguage } from '../../ai/language/detect-language';
import {
  type KnowledgePassage,
  type UserPassageSearch,
  UserPassagesKnowledgeSource,
} from '../../ai/knowledge/registered-knowledge-source';
import { ResearchRepository } from './research.repository';

/**
 * The user's saved research as local knowledge (chat's offline advisor, local web search,
 * offline research): full-text over that user's rows only.
 */
@Injectable()
export class ResearchKnowledgeSource extends UserPassagesKnowledgeSource {
  readonly name = 'research';
  readonly description = { en: 'your saved research', fr: 'vos recherches enregistrées' };

  constructor(
    private readonly research: ResearchRepository,
    knowledge: KnowledgeSearchService,
  ) {
    super(knowledge);
  }

  protected findPassages(search: UserPassageSearch): Promise<KnowledgePassage[]> {
    return this.research.findKnowledgePassages(search);
  }

  protected hitTitle(title: string, language: ReplyLanguage): string {
    return language === 'fr' ? `Recherche : ${title}` : `Research: ${title}`;
  }

  /** The summary's offline label and [n] citations mean nothing out of their research. */
  protected hitExcerpt(snippet: string): string {
    return markCutEnds(
      snippet
        .replace(/\[\d+\]/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
}
