import { Injectable } from '@nestjs/common';
import type { KnowledgeHit, KnowledgeQuery, KnowledgeSource } from '../ai/knowledge/knowledge-source';
import { ChatRepository } from './chat.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's own past messages, for the offline advisor: full-text, that user's rows only. */
@Injectable()
export class ConversationsKnowledgeSource implements KnowledgeSource {
  readonly name = 'conversations';

  constructor(private readonly repository: ChatRepository) {}

  async search(query: KnowledgeQuery): Promise<KnowledgeHit[]> {
    if (!query.text.trim() || query.limit <= 0) return [];
    const rows = await this.repository.searchForKnowledge(
      query.userId,
      query.text,
      query.limit,
      (query.excludeIds ?? []).filter((id) => UUID.test(id)),
    );
    return rows.map((row) => ({
      source: this.name,
      title: `Conversation: ${row.title}`,
      excerpt: row.snippet,
      rank: row.rank,
    }));
  }
}
