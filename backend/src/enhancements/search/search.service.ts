import { Injectable } from '@nestjs/common';
import type { WebSearchResponse } from '@kasa/contracts';
import type { ReplyLanguage } from '../../ai/language/detect-language';
import { ChatService } from '../../chat';
import type { User } from '../../users';
import { UsageService } from '../../usage';
import type { WebSearchDto } from './dto/web-search.dto';
import { WebSearchEngines } from './web-search.engines';

/**
 * Web search from the composer: one search of the month's quota per call, taken before the
 * providers are asked and given back when none of them answers (or anything else fails).
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly engines: WebSearchEngines,
    private readonly usage: UsageService,
    private readonly chat: ChatService,
  ) {}

  async search(user: User, request: WebSearchDto, language: ReplyLanguage): Promise<WebSearchResponse> {
    const { query, conversationId } = request;
    // A conversation that is not the user's is a 404 before anything is charged.
    if (conversationId) await this.chat.assertOwned(user, conversationId);
    const reservation = await this.usage.reserve(user.id, 'webSearchesPerMonth');
    try {
      const { results, engine } = await this.engines.search(query, language, user.id);
      return { success: true, query, results, engine };
    } catch (error) {
      await reservation.refund();
      throw error;
    }
  }
}
