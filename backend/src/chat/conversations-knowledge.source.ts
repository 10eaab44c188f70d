import { Injectable } from '@nestjs/common';
import { plainExcerpt } from '../ai/knowledge/full-text';
import { KnowledgeSearchService } from '../ai/knowledge/knowledge-search.service';
import type { ReplyLanguage } from '../ai/language/detect-language';
import {
  type KnowledgePassage,
  type UserPassageSearch,
  UserPassagesKnowledgeSource,
} from '../ai/knowledge/registered-knowledge-source';
import { OFFLINE_ADVISOR_MODEL } from '../ai/offline/offline-advisor.model';
import { ConversationsKnowledgeRepository } from './conversations-knowledge.repository';

/**
 * The user's own past messages as local knowledge for the offline advisor: full-text over that
 * user's rows only, the message being answered (excludeIds) and the advisor's own earlier answers
 * (chat_messages.model) left out: they only repeat other sources, and quoting them back would
 * present them as the user's knowledge.
 */
@Injectable()
export class ConversationsKnowledgeSource extends UserPassagesKnowledgeSource {
  readonly name = 'conversations';
  readonly description = { en: 'your earlier conversations', fr: 'vos conversations précédentes' };

  constructor(
    private readonly conversations: ConversationsKnowledgeRepository,
    knowledge: KnowledgeSearchService,
  ) {
    super(knowledge);
  }

  protected findPassages(search: UserPassageSearch): Promise<KnowledgePassage[]> {
    return this.conversations.findPassages(search, OFFLINE_ADVISOR_MODEL);
  }

  protected hitTitle(title: string, language: ReplyLanguage): string {
    return language === 'fr' ? `Conversation : ${title}` : `Conversation: ${title}`;
  }

  protected hitExcerpt(snippet: string): string {
    return plainExcerpt(snippet.trim());
  }
}
