import { Injectable, type OnModuleInit } from '@nestjs/common';
import { anyWordSearchTerms, plainExcerpt } from '../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit, KnowledgeQuery, KnowledgeSource } from '../ai/knowledge/knowledge-source';
import { ChatRepository } from './chat.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user's own past messages as local knowledge for the offline advisor: full-text over that
 * user's rows only, the message being answered (excludeIds) left out.
 */
@Injectable()
export class ConversationsKnowledgeSource implements KnowledgeSource, OnModuleInit {
  readonly name = 'conversations';

  constructor(
    private readonly repository: ChatRepository,
    private readonly knowledge: KnowledgeSearchService,
  ) {}

  onModuleInit(): void {
    this.knowledge.register(this);
  }

  async search(query: KnowledgeQuery): Promise<KnowledgeHit[]> {
    const terms = anyWordSearchTerms(query.text);
    if (terms === '' || query.limit <= 0 || !UUID.test(query.userId)) return [];
    const rows = await this.repository.searchForKnowledge(
      query.userId,
      terms,
      query.limit,
      (query.excludeIds ?? []).filter((id) => UUID.test(id)),
    );
    return rows.map((row) => ({
      source: this.name,
      title: `Conversation: ${row.title}`,
      excerpt: plainExcerpt(row.snippet),
      rank: row.rank,
    }));
  }
}
