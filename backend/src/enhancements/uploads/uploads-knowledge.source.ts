import { Injectable } from '@nestjs/common';
import { markCutEnds, plainExcerpt } from '../../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import {
  type KnowledgePassage,
  type UserPassageSearch,
  UserPassagesKnowledgeSource,
} from '../../ai/knowledge/registered-knowledge-source';
import { UploadsRepository } from './uploads.repository';

/**
 * The user's uploaded files as local knowledge (the offline advisor, local web search): full text
 * over that user's passages only; the hit's title is the file's name.
 */
@Injectable()
export class UploadsKnowledgeSource extends UserPassagesKnowledgeSource {
  readonly name = 'uploads';
  readonly description = { en: 'your uploaded files', fr: 'vos fichiers envoyés' };

  constructor(
    private readonly uploads: UploadsRepository,
    knowledge: KnowledgeSearchService,
  ) {
    super(knowledge);
  }

  protected findPassages(search: UserPassageSearch): Promise<KnowledgePassage[]> {
    return this.uploads.findKnowledgePassages(search);
  }

  protected hitTitle(title: string): string {
    return title;
  }

  protected hitExcerpt(snippet: string): string {
    return markCutEnds(plainExcerpt(snippet.trim()));
  }
}
