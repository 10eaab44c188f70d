import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SearchEngineName, WebSearchResult } from '@kasa/contracts';
import { KnowledgeSearchService } from '../../ai/knowledge/knowledge-search.service';
import type { KnowledgeHit } from '../../ai/knowledge/knowledge-source';
import type { ReplyLanguage } from '../../ai/language/detect-language';
import { APP_CONFIG, type AppConfig, type SearchProviderConfig } from '../../config';
import { BraveProvider } from './providers/brave.provider';
import { GoogleProvider } from './providers/google.provider';
import { OutsideFetchError } from './providers/http-fetch';
import { SearxngProvider } from './providers/searxng.provider';
import { SEARCH_RESULTS_WANTED, type WebSearchProvider } from './providers/web-search-provider';
import { providersFailed } from './search.errors';

export interface EngineResults {
  results: WebSearchResult[];
  engine: SearchEngineName;
}

export function createSearchProvider(config: SearchProviderConfig): WebSearchProvider {
  switch (config.engine) {
    case 'searxng':
      return new SearxngProvider(config.url);
    case 'google':
      return new GoogleProvider(config.apiUrl, config.apiKey, config.engineId);
    case 'brave':
      return new BraveProvider(config.apiUrl, config.apiKey);
  }
}

/** Where a local hit without a link of its own opens in the app. */
const LOCAL_LINKS: Readonly<Record<string, string>> = {
  conversations: '/chat',
  uploads: '/chat',
  research: '/chat',
  dictionary: '/chat',
};

/**
 * The web search engines configuration names (docs/operations.md#configuration), tried in order:
 * an error, a timeout or an answer outside 2xx moves on to the next (each failure logged); when
 * all fail, 502 SEARCH_PROVIDERS_FAILED naming each failure. With none configured, Kasa's own
 * index (KnowledgeSearchService: legal pages, the user's conversations, uploads, research...).
 */
@Injectable()
export class WebSearchEngines {
  private readonly logger = new Logger('WebSearch');
  private readonly providers: WebSearchProvider[];
  private readonly timeoutMs: number;
  private readonly appName: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly knowledge: KnowledgeSearchService,
  ) {
    this.providers = config.enhancements.search.providers.map(createSearchProvider);
    this.timeoutMs = config.enhancements.search.timeoutMs;
    this.appName = config.appName;
  }

  /** True when at least one web provider is configured (else search() answers from the local index). */
  get webConfigured(): boolean {
    return this.providers.length > 0;
  }

  /** The configured providers' results, or the local index's with none configured. */
  async search(query: string, language: ReplyLanguage, userId: string): Promise<EngineResults> {
    if (!this.webConfigured) return { results: await this.searchLocal(query, userId), engine: 'local' };
    return this.searchWeb(query, language);
  }

  /** The first configured provider that answers; throws SEARCH_PROVIDERS_FAILED when none does. */
  async searchWeb(query: string, language: ReplyLanguage): Promise<EngineResults> {
    const failures: string[] = [];
    for (const provider of this.providers) {
      try {
        const results = await provider.search({ query, language, timeoutMs: this.timeoutMs });
        return { results, engine: provider.engine };
      } catch (error) {
        const reason =
          error instanceof OutsideFetchError
            ? `${error.reason}: ${error.message}`
            : `error: ${error instanceof Error ? error.message : String(error)}`;
        this.logger.warn(`Search provider ${provider.engine} failed (${reason}); trying the next one`);
        failures.push(`${provider.engine} (${error instanceof OutsideFetchError ? error.reason : 'error'})`);
      }
    }
    throw providersFailed(failures);
  }

  /** Kasa's own index as search results, linked in the app. */
  async searchLocal(query: string, userId: string): Promise<WebSearchResult[]> {
    const hits = await this.knowledge.search({ text: query, userId, limit: SEARCH_RESULTS_WANTED });
    return hits.map((hit) => this.localResult(hit));
  }

  private localResult(hit: KnowledgeHit): WebSearchResult {
    return {
      title: hit.title,
      link: hit.url ?? LOCAL_LINKS[hit.source] ?? '/chat',
      displayLink: `${this.appName} (local)`,
      snippet: hit.excerpt,
    };
  }
}
